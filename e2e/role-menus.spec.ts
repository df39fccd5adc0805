// Each role's menu holds what that role uses (issue 27; docs/areas.md "Each role's menu"): a
// technician is not offered a housekeeper's screen and works from Maintenance, "Mine"; a
// housekeeper's field entry is "My route", and the work-order board is not hers. At a phone's
// width and a desk's, axe clean, nothing wider than the screen.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs, type DemoRole } from './support/helpers';

const MENUS: Partial<Record<DemoRole, string[]>> = {
  technician: ['Dashboard', 'Properties', 'Maintenance', 'Inventory', 'Team Chat'],
  housekeeper: ['Dashboard', 'Properties', 'My route', 'Inventory', 'Team Chat'],
};

/** The main menu, opened on a phone (a sheet), as it is on a desk. */
async function openMenu(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768)
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav;
}

async function expectFits(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the technician's menu has no housekeeping; their field screen is Maintenance, Mine", async ({
      page,
    }) => {
      await signInAs(page, 'technician');
      const nav = await openMenu(page);
      await expect(nav.getByRole('link')).toHaveText(MENUS.technician!);
      await expectAccessible(page, `technician's menu at ${viewport.width}`);
      await nav.getByRole('link', { name: 'Maintenance' }).click();
      await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
      const views = page.getByRole('navigation', { name: 'Views' });
      await expect(views.getByRole('button', { name: 'Mine' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectFits(page);
      await expectAccessible(page, `technician's Mine at ${viewport.width}`);
      // Typed, the housekeeper's screen is not theirs: their own instead.
      await page.goto('/housekeeping');
      await expect(page).toHaveURL((url) => url.pathname === '/maintenance');
      await expect(views.getByRole('button', { name: 'Mine' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByText('My open problem reports')).toHaveCount(0);
      // The dashboard offers the same areas.
      await page.goto('/');
      const areas = page.getByRole('region', { name: 'Your areas' });
      await expect(areas.getByRole('link', { name: /Maintenance/ })).toBeVisible();
      await expect(areas.getByRole('link', { name: /Housekeeping|My route/ })).toHaveCount(0);
    });

    test("the housekeeper's menu leads to her route, not to the work-order board", async ({
      page,
    }) => {
      await signInAs(page, 'housekeeper');
      const nav = await openMenu(page);
      await expect(nav.getByRole('link')).toHaveText(MENUS.housekeeper!);
      await expectAccessible(page, `housekeeper's menu at ${viewport.width}`);
      await nav.getByRole('link', { name: 'My route' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/housekeeping');
      await expect(page.getByRole('heading', { name: 'My route', level: 1 })).toBeVisible();
      await expectFits(page);
      await expectAccessible(page, `housekeeper's route at ${viewport.width}`);
      // She still reports a problem from the header.
      await expect(page.getByRole('link', { name: /Report a problem/ })).toBeVisible();
    });
  });
}
