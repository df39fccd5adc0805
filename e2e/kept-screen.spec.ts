// The kept screen (docs/architecture.md "Loading: the kept screen"): a returning user's villa list
// is painted from this device by src/boot.js before any script, inert and hidden from
// assistive tech, and the app's own list takes its place once drawn. Only for the same user, the
// same layout and the same build; gone at sign-out. Without one, a signed-in start paints the
// build's first paint of the page ("Loading: the first paint of a signed-in start"). The entry
// script is held back here to see the page before React. A fresh account each: signing out ends
// the user's sessions.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, grantAs, holdEntry, signIn } from './support/helpers';

const KEY = 'arivia-ops-kept-screen';
const PHONE = { width: 412, height: 823 };

test.use({ viewport: PHONE });

/** A new technician, signed in through the form, who has seen /properties once. */
async function returningUser(page: Page, request: APIRequestContext): Promise<string[]> {
  const account = await createAccount(request, { fullName: 'Kept Screen' });
  await grantAs(request, account.id, 'technician');
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/properties');
  const cards = page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const names = await page
    .getByRole('list', { name: 'Properties' })
    .getByRole('link')
    .allTextContents();
  // Kept when the browser is next idle after the server's page was drawn.
  await expect
    .poll(() => page.evaluate((k) => localStorage.getItem(k)?.includes('"/properties"'), KEY))
    .toBe(true);
  return names;
}

test('a returning user sees the villas before any script, then the app takes over', async ({
  page,
  request,
}) => {
  const names = await returningUser(page, request);
  const release = await holdEntry(page);
  await page.goto('/properties', { waitUntil: 'commit' });

  const kept = page.locator('#boot-kept');
  await expect(kept.locator('ul[aria-label="Properties"] > li').first()).toBeVisible();
  await expect(kept.locator('ul[aria-label="Properties"] a').first()).toHaveText(names[0]!);
  // A picture of the list: hidden from assistive tech, taps do nothing, rows dimmed like the
  // device's copy in the app.
  await expect(kept).toHaveAttribute('aria-hidden', 'true');
  expect(await kept.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  await expect(page.getByRole('link', { name: names[0]!, exact: true })).toHaveCount(0);
  await expect(kept.locator('[data-kept-rows]')).toHaveCSS('opacity', '0.6');
  const box = (await kept.getByText(names[0]!, { exact: true }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/properties$/);
  // Only the copy: the app's tree is hidden until it has drawn its own screen.
  await expect(page.locator('#root')).toBeHidden();

  release();
  await expect(kept).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/boot-kept/);
  await expect(page.locator('ul[aria-label="Properties"]')).toHaveCount(1);
  const link = page.getByRole('link', { name: names[0]!, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}$/);
});

test('a signed-in start with no kept screen paints the frame and the page heading first', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'First Paint' });
  await grantAs(request, account.id, 'technician');
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  for (const [path, title, line] of [
    [
      '/properties',
      'Properties',
      'Villas, their next arrivals and departures, and whether they are guest-ready.',
    ],
    ['/settings', 'Settings', 'Appearance, your account and this device.'],
  ] as const) {
    const release = await holdEntry(page);
    await page.goto(path, { waitUntil: 'commit' });
    const painted = page.locator('#boot-kept');
    await expect(painted.locator('h1')).toHaveText(title);
    await expect(painted.locator('h1 + p')).toHaveText(line);
    // The frame's bar, nothing of the user: no navigation, no name, no rows.
    await expect(painted.locator('header')).toContainText('Arivia Ops');
    await expect(painted.locator('nav, [data-kept-rows]')).toHaveCount(0);
    await expect(painted).not.toContainText('First Paint');
    await expect(painted).toHaveAttribute('aria-hidden', 'true');
    expect(await painted.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await expect(page.locator('#root')).toBeHidden();
    // Where the app draws its heading.
    const before = (await painted.locator('h1 + p').boundingBox())!;
    release();
    await expect(painted).toHaveCount(0);
    const heading = page.getByRole('heading', { name: title, level: 1 });
    await expect(heading).toBeVisible();
    // Awaited, not read once: the line is measured when the app's layout has settled (the
    // sidebar and the page's data arrive in their own frames).
    const line2 = page.locator('#main-content h1 + p').first();
    await expect
      .poll(async () => {
        const after = (await line2.boundingBox())!;
        return Math.max(
          ...(['x', 'y', 'width', 'height'] as const).map((k) => Math.abs(after[k] - before[k])),
        );
      })
      .toBeLessThanOrEqual(1);
    await expect(page.locator('html')).not.toHaveClass(/boot-kept/);
  }

  // A page with a parameter (a villa's) has no first paint of its own: the spinner.
  const release = await holdEntry(page);
  await page.goto('/properties/00000000-0000-4000-8000-000000000000', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.locator('#boot-kept')).toHaveCount(0);
  release();
});

test('not for another layout, user or build, and forgotten at sign-out', async ({
  page,
  request,
}) => {
  await returningUser(page, request);
  // Each start is left for a page that is not the app (same origin), where the copy is edited:
  // no screen of the app can keep itself again meanwhile.
  const startsWithCopy = async () => {
    const release = await holdEntry(page);
    await page.goto('/properties', { waitUntil: 'commit' });
    // Parsed (boot.js has decided), the entry still held back: not 'domcontentloaded', which
    // waits for the entry.
    await page.waitForFunction(() => document.readyState !== 'loading');
    const shown = await page.locator('#boot-kept [data-kept-rows]').count();
    // Without the copy, the build's first paint of the page: the frame and its heading.
    if (!shown) await expect(page.locator('#boot-kept h1')).toHaveText('Properties');
    release();
    // The app's list: cards on a phone, the table on a desktop.
    const rows =
      '#root :is(ul[aria-label="Properties"] > li, table[aria-label="Properties"] tbody tr)';
    await expect(page.locator(rows).first()).toBeVisible();
    await expect(page.locator('#boot-kept')).toHaveCount(0);
    await page.goto('/_health');
    return shown > 0;
  };
  const edit = (change: string) =>
    page.evaluate(
      ([k, c]) => {
        const kept = JSON.parse(localStorage.getItem(k!)!) as {
          user: string;
          screens: Record<string, { css: string }>;
        };
        if (c === 'user') kept.user = '00000000-0000-4000-8000-000000000000';
        if (c === 'build') kept.screens['/properties']!.css += '?another-build';
        localStorage.setItem(k!, JSON.stringify(kept));
      },
      [KEY, change],
    );
  await page.goto('/_health');
  const saved = await page.evaluate((k) => localStorage.getItem(k)!, KEY);
  const restore = () => page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [KEY, saved]);

  expect(await startsWithCopy()).toBe(true);
  // Kept at phone width: the desktop layout is not painted from it.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await startsWithCopy()).toBe(false);
  await page.setViewportSize(PHONE);
  await restore();
  await edit('user');
  expect(await startsWithCopy()).toBe(false);
  await restore();
  await edit('build');
  expect(await startsWithCopy()).toBe(false);
  await restore();
  expect(await startsWithCopy()).toBe(true);

  await page.goto('/properties');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
});

test("the first paint is in the user's words: their screen of a shared page, their language", async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'Route Words' });
  await grantAs(request, account.id, 'housekeeper');
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Kept by the app once it knows the user's access (src/lib/first-paint-texts.ts).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('arivia-ops-first-paint')))
    .toContain('My route');

  /** What boot.js paints at `path` before the entry runs, then the app's own heading. */
  const painted = async (path: string, title: string) => {
    const release = await holdEntry(page);
    await page.goto(path, { waitUntil: 'commit' });
    const frame = page.locator('#boot-kept');
    await expect(frame.locator('h1')).toHaveText(title);
    const line = await frame.locator('h1 + p').textContent();
    const before = (await frame.locator('h1 + p').boundingBox())!;
    release();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // The app draws the same heading and line in the same place.
    await expect(page.locator('#main-content h1 + p').first()).toHaveText(line!);
    // Awaited, not read once: the line is measured when the app's layout has settled (the
    // sidebar and the page's data arrive in their own frames).
    const line2 = page.locator('#main-content h1 + p').first();
    await expect
      .poll(async () => {
        const after = (await line2.boundingBox())!;
        return Math.max(
          ...(['x', 'y', 'width', 'height'] as const).map((k) => Math.abs(after[k] - before[k])),
        );
      })
      .toBeLessThanOrEqual(1);
  };
  // /housekeeping is the board for a manager: for her, "My route".
  await painted('/housekeeping', 'My route');
  await painted('/', 'Dashboard');

  // In Greek once she chose it: the words follow at once (the build's are English only).
  await page.goto('/profile');
  await page.getByLabel('Language').selectOption('el');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('arivia-ops-first-paint')))
    .toContain('Η διαδρομή μου');
  await painted('/housekeeping', 'Η διαδρομή μου');
  await painted('/', 'Πίνακας ελέγχου');
});
