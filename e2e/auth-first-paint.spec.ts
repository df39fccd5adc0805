// /auth's first paint is the HTML's own: index.html's static sign-in screen, shown by
// src/boot.js (docs/architecture.md "Loading: the first paint"). Drawn before any script, the
// same size as React's screen (so the largest paint stays the first one), in light and dark, and
// replaced by React without a second landmark or heading; what was typed into it carries over.
// The entry script is held back here to see the page before React.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { holdEntry } from './support/helpers';

/** The sign-in screen's parts, found the same way in the static copy and in React's. */
function parts(page: Page): Record<string, Locator> {
  return {
    main: page.getByRole('main'),
    heading: page.getByRole('heading', { name: 'Arivia Ops Console', level: 1 }),
    subtitle: page.getByText('Sign In with your credentials.', { exact: true }),
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    forgot: page.getByRole('link', { name: 'Forgot password?' }),
    submit: page.getByRole('button', { name: 'Sign In', exact: true }),
    switch: page.getByRole('button', { name: "Don't have an account? Sign up" }),
    demo: page.getByRole('region', { name: 'Demo accounts' }),
    demoText: page.locator('p', { hasText: 'Local backend with demo data' }),
    technician: page.getByRole('button', { name: /technician demo account/ }),
  };
}

/** Where each part is drawn, and the colours of the page and the card. */
async function drawn(page: Page) {
  const out: Record<string, unknown> = {};
  for (const [name, locator] of Object.entries(parts(page))) {
    const box = await locator.boundingBox();
    out[name] = box && [box.x, box.y, box.width, box.height].map((n) => Math.round(n * 2) / 2);
  }
  out.colours = await parts(page).heading.evaluate((h) => {
    const card = h.closest('[data-slot="card"]')!;
    const main = h.closest('main')!;
    return [getComputedStyle(main).backgroundColor, getComputedStyle(card).backgroundColor];
  });
  return out;
}

test('the HTML served for /auth holds the sign-in screen, with nothing to submit', async ({
  request,
}) => {
  const html = await (await request.get('/auth')).text();
  const shell = /<main\s+id="boot-signin"[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  expect(shell).toContain('Arivia Ops Console');
  expect(shell).toContain('Sign In with your credentials.');
  expect(shell).not.toMatch(/\sname=|type="submit"/);
});

// A phone in light (Lighthouse's mobile screen), a desktop in dark: both layouts, both themes.
for (const [colorScheme, viewport] of [
  ['light', { width: 412, height: 823 }],
  ['dark', { width: 1280, height: 720 }],
] as const) {
  test.describe(`${colorScheme} theme, ${viewport.width} px`, () => {
    test.use({ colorScheme, viewport });

    test('painted before any script, as React then draws it; the largest paint is the first', async ({
      page,
    }) => {
      const release = await holdEntry(page);
      await page.goto('/auth', { waitUntil: 'commit' });
      await expect(parts(page).heading).toBeVisible();
      // The stylesheet holds the first paint back but not the parser (nothing in <head> waits for
      // it), so the copy is in the DOM before it applies: measure it as painted, styled.
      await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href !== null));
      await expect(page.locator('#boot')).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.className)).toContain(colorScheme);
      const before = await drawn(page);

      release();
      await expect(page.locator('#boot-signin')).toHaveCount(0);
      await expect(page).toHaveTitle('Sign In · Arivia Ops');
      expect(await drawn(page)).toEqual(before);
      // One page, one heading: the static copy is gone, not hidden.
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      // React's screen painted nothing larger than the HTML's: the largest paint is the HTML's.
      const lcp = await page.evaluate(
        () =>
          new Promise<{ fromHtml: boolean }[]>((resolve) => {
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                new PerformanceObserver((list) =>
                  resolve(
                    list.getEntries().map((e) => ({
                      fromHtml: !(e as LargestContentfulPaint).element?.isConnected,
                    })),
                  ),
                ).observe({ type: 'largest-contentful-paint', buffered: true }),
              ),
            );
          }),
      );
      expect(lcp.length).toBeGreaterThan(0);
      expect(lcp.every((e) => e.fromHtml)).toBe(true);
    });
  });
}

test('what was typed before React carries over, focus included, and signs in', async ({ page }) => {
  const release = await holdEntry(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const p = parts(page);
  await expect(p.heading).toBeVisible();
  await p.email.fill('manager@arivia.local');
  await p.password.fill('arivia-demo');
  await expect(p.submit).toHaveAttribute('aria-disabled', 'true');

  release();
  await expect(page.locator('#boot-signin')).toHaveCount(0);
  await expect(p.email).toHaveValue('manager@arivia.local');
  await expect(p.password).toHaveValue('arivia-demo');
  await expect(p.password).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up mode and a stored session get the spinner, not the sign-in screen', async ({
  page,
}) => {
  const release = await holdEntry(page);
  await page.goto('/auth?mode=signup', { waitUntil: 'commit' });
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.locator('#boot-signin')).toBeHidden();

  await page.addInitScript(() => localStorage.setItem('sb-arivia-ops-auth-token', '{}'));
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.locator('#boot-signin')).toBeHidden();
  release();
});
