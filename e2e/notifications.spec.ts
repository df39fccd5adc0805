// Notifications (docs/notifications.md), two browsers at once: the manager reports an urgent work
// order and assigns another to a technician, whose open app shows a toast for each and the count
// on the header's bell; the bell's list opens the record, "Mark all read" clears the count and a
// reload shows them read (the server keeps it). A clean sent back after inspection reaches its
// housekeeper on a 360 px phone. With the page hidden and permission given, the service worker
// shows a system notification instead. axe on the bell's list; nothing wider than the viewport.
// The technician and the housekeeper are accounts of their own (other tests' urgent work orders
// reach every technician: the assertions name this test's records, not a total).
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { expectAccessible } from './support/axe';
import { service } from './support/offline';
import {
  accessToken,
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  expectToast,
  grantAs,
  rest,
  signIn,
  signInAs,
} from './support/helpers';

test.describe.configure({ timeout: 120_000 });

async function makeVilla(request: APIRequestContext) {
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const code =
    `NT-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const name = `Notice Villa ${code}`;
  const [villa] = (await rest(request, token, 'POST', 'properties', {
    code,
    name,
    area: 'Test Bay, Milos',
    bedrooms: 2,
  })) as { id: string }[];
  return { id: villa!.id, name, code };
}

/** An account of this test's own holding `role`, signed in through the form in a new browser. */
async function ownAccount(
  browser: Browser,
  request: APIRequestContext,
  role: 'technician' | 'housekeeper',
  viewport: { width: number; height: number },
  options: BrowserContextOptions = {},
) {
  const fullName = `Notified ${role} ${Date.now().toString(36)}`;
  const account = await createAccount(request, { fullName });
  await grantAs(request, account.id, role);
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  // The bell's first read: what was there before is listed, not announced.
  const firstRead = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/notifications') && r.request().method() === 'GET',
  );
  await signIn(page, account.email, account.password);
  await firstRead;
  return { ...account, fullName, page };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const menu = (page: Page) => page.getByRole('menu', { name: 'Notifications' });

async function expectFits(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  const box = await menu(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('a technician hears of an urgent work order and of one assigned to them', async ({
  browser,
  request,
}) => {
  const villa = await makeVilla(request);
  const urgentTitle = `Gas smell ${villa.code}`;
  const assignedTitle = `Broken boiler ${villa.code}`;
  const tech = await ownAccount(browser, request, 'technician', { width: 1280, height: 800 });
  await expect(bell(tech.page)).toBeVisible();

  // The manager reports an urgent problem in the app.
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const manager = await managerContext.newPage();
  await signInAs(manager, 'manager', '/maintenance');
  await manager.getByRole('button', { name: 'Report a problem' }).first().click();
  const form = manager.getByRole('dialog', { name: 'Report a problem' });
  await form
    .getByLabel('Villa', { exact: true })
    .selectOption({ label: `${villa.name} (${villa.code})` });
  await form.getByLabel('What is wrong', { exact: true }).fill(urgentTitle);
  await form.getByLabel('Priority', { exact: true }).selectOption({ label: 'Urgent' });
  await form.getByRole('button', { name: 'Report problem' }).click();
  await expectToast(manager, 'Problem reported');

  await expectToast(tech.page, `Urgent work order: ${urgentTitle}`);
  await expect(bell(tech.page)).toHaveAccessibleName(/^Notifications: \d+ new$/);

  // And assigns another to the technician.
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const [wo] = (await rest(request, token, 'POST', 'work_orders', {
    property_id: villa.id,
    title: assignedTitle,
  })) as { id: string; version: number }[];
  await rest(request, token, 'POST', 'rpc/transition_work_order', {
    work_order_id: wo!.id,
    to_status: 'assigned',
    from_version: wo!.version,
    assignee_id: tech.id,
  });
  await expectToast(tech.page, `Work order assigned to you: ${assignedTitle}`);

  // The list: both, new; axe; it fits.
  await bell(tech.page).click();
  const list = menu(tech.page);
  await expect(
    list.getByRole('menuitem', { name: `New: Urgent work order ${urgentTitle}` }),
  ).toBeVisible();
  const assignedItem = list.getByRole('menuitem', { name: new RegExp(assignedTitle) });
  await expect(assignedItem).toContainText('Work order assigned to you');
  await expectAccessible(tech.page, 'notifications list');
  await expectFits(tech.page);

  // Following the link opens the work order.
  await assignedItem.click();
  await expect(tech.page).toHaveURL(new RegExp(`/maintenance\\?wo=${wo!.id}`));
  await expect(tech.page.getByRole('dialog', { name: assignedTitle })).toBeVisible();
  await tech.page.keyboard.press('Escape');

  // Mark all read clears the count, and a reload shows them read: the server keeps it.
  await bell(tech.page).click();
  const marked = tech.page.waitForResponse((r) => r.url().includes('rpc/mark_notifications_read'));
  await menu(tech.page).getByRole('menuitem', { name: 'Mark all read' }).click();
  expect((await marked).ok()).toBe(true);
  await expect(menu(tech.page).getByRole('menuitem', { name: /^New: / })).toHaveCount(0);
  await tech.page.keyboard.press('Escape');
  await tech.page.reload();
  await bell(tech.page).click();
  for (const title of [urgentTitle, assignedTitle]) {
    const item = menu(tech.page).getByRole('menuitem', { name: new RegExp(title) });
    await expect(item).toBeVisible();
    await expect(item).not.toHaveAccessibleName(/^New: /);
  }
  await managerContext.close();
  await tech.page.context().close();
});

test('a clean sent back after inspection reaches its housekeeper on a phone', async ({
  browser,
  request,
  baseURL,
}) => {
  const villa = await makeVilla(request);
  const hk = await ownAccount(browser, request, 'housekeeper', { width: 360, height: 740 });
  await expect(bell(hk.page)).toBeVisible();

  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const [type] = (await rest(
    request,
    token,
    'GET',
    'cleaning_types?select=id&code=eq.deep_clean',
  )) as {
    id: string;
  }[];
  const start = new Date(Date.now() + 2 * 86_400_000);
  const [clean] = (await rest(request, token, 'POST', 'cleaning_tasks', {
    property_id: villa.id,
    cleaning_type_id: type!.id,
    window_start: start.toISOString(),
    due_at: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
  })) as { id: string }[];
  await rest(request, token, 'POST', 'cleaning_task_assignees', {
    task_id: clean!.id,
    user_id: hk.id,
  });
  await expectToast(hk.page, `Clean assigned to you: ${villa.name} - Deep clean`);

  // Finished (set directly: the checklist run is not this test's subject), then sent back.
  const [done] = await service<{ version: number }[]>(
    baseURL!,
    'PATCH',
    `/rest/v1/cleaning_tasks?id=eq.${clean!.id}`,
    { status: 'done' },
  );
  await rest(request, token, 'POST', 'rpc/transition_cleaning_task', {
    task_id: clean!.id,
    to_status: 'in_progress',
    from_version: done!.version,
    note: 'The terrace was not swept',
  });
  await expectToast(hk.page, `Clean sent back after inspection: ${villa.name} - Deep clean`);
  await expect(bell(hk.page)).toHaveAccessibleName(/^Notifications: \d+ new$/);

  await bell(hk.page).click();
  const item = menu(hk.page).getByRole('menuitem', {
    name: new RegExp(`^New: Clean sent back after inspection ${villa.name}`),
  });
  await expect(item).toContainText('The terrace was not swept');
  await expectAccessible(hk.page, 'notifications list on a phone');
  await expectFits(hk.page);
  await item.click();
  await expect(hk.page).toHaveURL(new RegExp(`/housekeeping/cleans/${clean!.id}$`));
  await hk.page.context().close();
});

test('with the page hidden, the installed app shows a system notification instead', async ({
  browser,
  request,
}) => {
  const villa = await makeVilla(request);
  const title = `Pool pump ${villa.code}`;
  const tech = await ownAccount(
    browser,
    request,
    'technician',
    { width: 1280, height: 800 },
    { serviceWorkers: 'allow', permissions: ['notifications'] },
  );
  const page = tech.page;
  await expect(bell(page)).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // As when the app sits in the background (a test cannot hide a headless page for real).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  });

  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const [wo] = (await rest(request, token, 'POST', 'work_orders', {
    property_id: villa.id,
    title,
  })) as { id: string; version: number }[];
  await rest(request, token, 'POST', 'rpc/transition_work_order', {
    work_order_id: wo!.id,
    to_status: 'assigned',
    from_version: wo!.version,
    assignee_id: tech.id,
  });

  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          const shown = await registration.getNotifications();
          return shown.map((n) => ({ title: n.title, data: n.data as unknown }));
        }),
      { timeout: 20_000 },
    )
    .toContainEqual({
      title: `Work order assigned to you: ${title}`,
      data: { url: `/maintenance?wo=${wo!.id}` },
    });
  await page.context().close();
});
