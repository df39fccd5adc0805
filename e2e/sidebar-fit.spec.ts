// The sidebar on a laptop (issue 27): the admin's menu is longer than the screen, so it scrolls
// between the brand and the Profile / Settings footer, expanded and collapsed to icons alike.
// Scrolled as a person scrolls it (the wheel over the menu), its last entry is whole above the
// footer and is what a click at its centre reaches. 1280 × 800, and 1280 × 700: the page of a
// browser window on an 800 px screen.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/helpers';

/** Scrolls the menu with the wheel until its end (it stops moving). */
async function wheelToEnd(page: Page) {
  const content = page.locator('#root [data-slot="sidebar-content"]');
  const box = (await content.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    const end = await content.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight);
    expect(end).toBe(true);
  }).toPass({ timeout: 10_000 });
}

for (const height of [800, 700]) {
  for (const collapsed of [false, true]) {
    test(`at 1280 × ${height}, ${collapsed ? 'collapsed' : 'expanded'}: the admin's last entry is reachable, not under the footer`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height });
      await signInAs(page, 'admin');
      const sidebar = page.locator('#root [data-slot="sidebar"][data-state]');
      if (collapsed) {
        await page.keyboard.press('Control+b');
        await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
      }
      // The sidebar's width transition has ended: positions are final.
      await expect
        .poll(() => sidebar.evaluate((el) => el.getAnimations({ subtree: true }).length))
        .toBe(0);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const last = nav.getByRole('link').last();
      await expect(last).toHaveAccessibleName('System Health');
      await wheelToEnd(page);
      const box = (await last.boundingBox())!;
      const footer = (await page.locator('#root [data-slot="sidebar-footer"]').boundingBox())!;
      expect(box.y + box.height, 'the entry ends above the footer').toBeLessThanOrEqual(footer.y);
      // What a click at its centre reaches is the entry itself, nothing laid over it.
      const hit = await last.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return at && el.contains(at) ? 'the entry' : (at?.outerHTML.slice(0, 160) ?? 'nothing');
      });
      expect(hit).toBe('the entry');
      await expectAccessible(page, `the sidebar scrolled to its end, ${height} px`);
      await last.click();
      await expect(page.getByRole('heading', { name: 'System Health', level: 1 })).toBeVisible();
    });
  }
}
