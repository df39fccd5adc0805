// The villa gallery shows thumbnails, not the full-size photos: each image is a signed rendition
// from /storage/v1/render/image/sign/ at the gallery size (480 x 360), the originals are never
// downloaded; and after one online view the service worker shows the same thumbnails offline
// (cached by object path and transform, not by the token that changes with every signing).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './support/helpers';
import { waitForController } from './support/pwa';

// The service worker is part of what this spec tests (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: 'allow' });

const RENDER = '/storage/v1/render/image/sign/property-photos/';
const ORIGINAL = '/storage/v1/object/sign/property-photos/';

function gallery(page: Page): Locator {
  return page.getByRole('list', { name: 'Photos' }).getByRole('img');
}

/** Every image has loaded: complete, with the thumbnail's size (a failed image has none). */
async function expectThumbnailsShown(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  await expect
    .poll(() =>
      images.evaluateAll((imgs) =>
        imgs.map((i) => {
          const img = i as HTMLImageElement;
          return img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : 'loading';
        }),
      ),
    )
    .toEqual(Array.from({ length: count }, () => '480x360'));
  for (const src of await images.evaluateAll((imgs) =>
    imgs.map((i) => (i as HTMLImageElement).src),
  )) {
    expect(src).toContain(RENDER);
  }
}

test('the gallery loads thumbnails from render/image and shows them offline after one view', async ({
  page,
  context,
}) => {
  // Three full loads of the villa (online, offline, online again in a new tab) in one context,
  // whose worker cache is what is tested: more than the default 45 s on a busy machine.
  test.slow();
  /** Paths of the images and files fetched (GET; signing is a POST to /object/sign/). */
  const requested: string[] = [];
  /** Render requests the service worker sent to the network (not answered from its cache). */
  const workerFetched: string[] = [];
  context.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === 'GET') requested.push(path);
    if (req.serviceWorker() && path.startsWith(RENDER)) workerFetched.push(req.url());
  });

  await signInAs(page, 'manager', '/properties?q=anemos');
  await waitForController(page);
  await page
    .getByRole('table', { name: 'Properties' })
    .getByRole('link', { name: 'Villa Anemos' })
    .click();
  await expect(page.getByRole('heading', { name: 'Villa Anemos', level: 1 })).toBeVisible();
  const images = gallery(page);
  await expect(images.first()).toBeVisible();
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  await expectThumbnailsShown(images, count);
  // Sized renditions were fetched, the full-size originals were not.
  expect(requested.filter((p) => p.startsWith(RENDER)).length).toBeGreaterThanOrEqual(count);
  expect(requested.filter((p) => p.startsWith(ORIGINAL))).toEqual([]);
  const villaUrl = page.url();

  await context.setOffline(true);
  try {
    const fresh = await context.newPage();
    await fresh.goto(villaUrl);
    await expect(fresh.getByRole('heading', { name: 'Villa Anemos', level: 1 })).toBeVisible();
    await expect(
      fresh.getByText("No connection: showing the villa's details as this device last saw them."),
    ).toBeVisible();
    // Drawn from the worker's cache: no network, and the token in each URL is the one signed
    // online (the worker's key ignores it).
    await expectThumbnailsShown(gallery(fresh), count);
    await fresh.close();
  } finally {
    await context.setOffline(false);
  }

  // Online again in a new tab: the app signs each thumbnail anew (a new token), and the worker
  // still answers from its cache, since its key is the object path and the transform.
  workerFetched.length = 0;
  const again = await context.newPage();
  const answers: { url: string; fromWorker: boolean }[] = [];
  again.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith(RENDER)) {
      answers.push({ url: res.url(), fromWorker: res.fromServiceWorker() });
    }
  });
  await again.goto(villaUrl);
  await expect(again.getByRole('heading', { name: 'Villa Anemos', level: 1 })).toBeVisible();
  await expectThumbnailsShown(gallery(again), count);
  expect(answers.length).toBeGreaterThanOrEqual(count);
  expect(answers.filter((a) => !a.fromWorker)).toEqual([]);
  expect(workerFetched).toEqual([]);
  await again.close();
});
