// The frame: sidebar (widths, Ctrl/Cmd+B, cookie, mobile sheet), areas per role, theme, the
// full-page error screen, not-found, the toast system, telemetry and the 360 px layout.
import { expect, test } from '@playwright/test';
import { createAccount, DEMO, DEMO_PASSWORD, grantAs, signIn, signInAs } from './support/helpers';

// The app's own (#root), not the frame boot.js may still paint over it as the page starts.
const sidebar = (page: import('@playwright/test').Page) =>
  page.locator('#root [data-slot="sidebar"][data-state]');

test.describe('sidebar', () => {
  test('collapses to 3rem with Ctrl+B and remembers it in sidebar:state for 7 days', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'manager');
    const container = page.locator('#root [data-slot="sidebar-container"]');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    await expect.poll(async () => (await container.boundingBox())?.width).toBe(256); // 16rem

    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await container.boundingBox())?.width).toBe(48); // 3rem
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604800 - 120);
    expect(lifetime).toBeLessThanOrEqual(604800 + 1);

    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    // Collapsed, each area keeps a name (tooltip and accessible name).
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Checklists' }),
    ).toBeVisible();

    await page.keyboard.press('Meta+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar:state')?.value).toBe('true');
  });

  test('opens as an 18rem slide-in panel below 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await signInAs(page, 'housekeeper');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const panel = page.getByRole('dialog', { name: 'Sidebar' });
    await expect(panel).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(288); // 18rem
    // Her field entry (docs/areas.md "Each role's menu").
    await panel.getByRole('link', { name: 'My route' }).click();
    await expect(page).toHaveURL(/\/housekeeping$/);
    await expect(panel).toBeHidden();
    await page.keyboard.press('Control+b');
    await expect(panel).toBeVisible();
  });

  test('lists the areas each role may open', async ({ page, request }) => {
    // A housekeeper of this test's own: signing out ends every session of the account, the demo
    // housekeeper's saved one too (docs/testing.md).
    const housekeeper = await createAccount(request, { fullName: 'Areas Housekeeper' });
    await grantAs(request, housekeeper.id, 'housekeeper');
    await page.goto('/auth');
    await signIn(page, housekeeper.email, housekeeper.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Her route under its own name; the work-order board is not hers (docs/areas.md "Each role's
    // menu").
    for (const name of ['Dashboard', 'Properties', 'My route', 'Inventory', 'Team Chat']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Maintenance', 'Analytics', 'Checklists', 'Users', 'System Health']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    for (const name of [
      'Analytics',
      'Checklists',
      'Cleaning Settings',
      'Users',
      'Permissions',
      'System Health',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test('a skip link leads past the sidebar to the screen', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('region', { name: 'Your areas' }).getByRole('link').first(),
  ).toBeFocused();
});

test.describe('dashboard', () => {
  test('greets each role and offers its areas', async ({ page }) => {
    await signInAs(page, 'technician');
    await expect(page.getByText(/^Good (morning|afternoon|evening), Giorgos$/)).toBeVisible();
    const areas = page.getByRole('region', { name: 'Your areas' });
    await expect(areas.getByRole('link', { name: /Maintenance/ })).toBeVisible();
    await expect(areas.getByRole('link', { name: /Checklists/ })).toHaveCount(0);
    await areas.getByRole('link', { name: /Maintenance/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maintenance');
  });
});

test.describe('theme', () => {
  test('switches light / dark / system, stored under theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAs(page, 'manager');
    const html = page.locator('html');
    await expect(html).toHaveClass(/\blight\b/);

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.goto('/auth'); // applied before the app starts, on every page
    await expect(html).toHaveClass(/\bdark\b/);

    await page.goto('/settings');
    await page.getByRole('radio', { name: 'System' }).check();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await expect(html).toHaveClass(/\blight\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/); // system follows the OS
    await page.getByRole('radio', { name: 'Light' }).check();
    await expect(html).toHaveClass(/\blight\b/);
  });
});

test.describe('error screen', () => {
  // The fault is injected into an app chunk with page.route, which never sees what the service
  // worker answers from its precache: this test runs without the worker.
  test.use({ serviceWorkers: 'block' });
  test('shows the texts, the details, support e-mail and reloads', async ({ page }) => {
    await signInAs(page, 'manager');
    // A screen that throws while rendering.
    await page.route('**/assets/settings-route-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "export function SettingsRoute() { throw new Error('Render failed in e2e'); }",
      }),
    );
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        "We're sorry, but something unexpected happened. Please try reloading the page.",
        { exact: true },
      ),
    ).toBeVisible();
    const details = page.getByTestId('error-details');
    await expect(details).toBeHidden();
    await page.getByText('Error details', { exact: true }).click();
    await expect(details).toBeVisible();
    await expect(details).toContainText('Error: Render failed in e2e');

    const support = page.getByRole('link', { name: 'Contact Support' });
    const href = (await support.getAttribute('href'))!;
    expect(href.startsWith('mailto:support@arivia.local?subject=Error%20Report&body=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Render failed in e2e');

    await page.unroute('**/assets/settings-route-*.js');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/auth$/); // the dashboard is for signed-in users
});

test.describe(() => {
  // The fault is injected into an app chunk with page.route, which never sees what the service
  // worker answers from its precache: this test runs without the worker.
  test.use({ serviceWorkers: 'block' });
  test('screens load lazily behind a centred spinner', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.route('**/assets/admin-health-route-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'System Health' })
      .click();
    const spinner = page.locator('.delayed-fade-in [role="status"]');
    await expect(spinner).toBeVisible();
    const box = (await spinner.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
    await expect(page.getByRole('heading', { name: 'System Health', level: 1 })).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });
});

test('toasts: at most 3 visible, each for 4 seconds', async ({ page }) => {
  let n = 0;
  await page.route('**/auth/v1/token?grant_type=password', (route) => {
    n += 1;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 400, error_code: 'invalid_credentials', msg: `Refused ${n}` }),
    });
  });
  await page.goto('/auth');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('whatever');
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  for (let i = 1; i <= 4; i++) {
    await submit.click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `Refused ${i}` }),
    ).toHaveCount(1);
  }
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
  await expect(page.locator('[data-sonner-toast][data-visible="true"]').first()).toContainText(
    'Refused 4',
  );
  const shownAt = Date.now();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  const gone = Date.now() - shownAt;
  expect(gone).toBeGreaterThan(2500);
});

test('telemetry: tracking disabled without a DSN, web vitals kept under web-vitals', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto('/auth');
  await expect.poll(() => messages.some((m) => /Error tracking disabled/.test(m))).toBe(true);
  await expect
    .poll(async () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('web-vitals') ?? '[]') as { name: string }[]).map(
          (v) => v.name,
        ),
      ),
    )
    .toEqual(expect.arrayContaining(['TTFB', 'FCP']));
  await page.evaluate(() =>
    localStorage.setItem(
      'web-vitals',
      JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ name: 'OLD', value: i }))),
    ),
  );
  await page.reload();
  await expect
    .poll(async () =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('web-vitals') ?? '[]') as { name: string }[],
      ),
    )
    .toEqual(expect.arrayContaining([expect.objectContaining({ name: 'FCP' })]));
  const kept = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('web-vitals') ?? '[]') as unknown[]).length,
  );
  expect(kept).toBe(50);
});

test('usable at 360 px: nothing overflows sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/auth', '/auth?mode=signup', '/reset-password', '/install', '/nowhere']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  }
  await signInAs(page, 'admin');
  for (const path of ['/', '/profile', '/settings', '/checklists']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  }
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Toggle Sidebar' })).toBeInViewport();
});
