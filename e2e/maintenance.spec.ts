// Maintenance through the real app and backend (docs/maintenance.md): a housekeeper reports a
// blocking problem with a photo (validation messages first); the manager sees it arrive live and
// the villa turn "not ready", and assigns it; the technician, on a 360 px phone, starts it and
// resolves it with time and an after-photo; the manager closes it and the villa is ready again.
// axe on the list, the report form and the work order. Then, each on its own: a villa's page
// lists its blocking work order; the manager assigns two work orders at once.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { accessToken, DEMO, DEMO_PASSWORD, expectToast, rest, signInAs } from './support/helpers';

const DEMO_NAMES = { housekeeper: 'Maria Kritikou', technician: 'Giorgos Markakis' };

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function makeVilla(request: APIRequestContext) {
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const code =
    `MT-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const name = `Maintenance Villa ${code}`;
  const [villa] = (await rest(request, token, 'POST', 'properties', {
    code,
    name,
    area: 'Test Bay, Milos',
    bedrooms: 2,
  })) as { id: string }[];
  return { id: villa!.id, name, code, url: `/properties/${villa!.id}` };
}

/** A work order of `villaId` reported through the API as the manager (open, unassigned). */
async function reportAsManager(
  request: APIRequestContext,
  villaId: string,
  row: Record<string, unknown>,
) {
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const [w] = (await rest(request, token, 'POST', 'work_orders', {
    property_id: villaId,
    ...row,
  })) as { id: string }[];
  return w!.id;
}

async function pageAs(
  browser: Browser,
  role: 'housekeeper' | 'technician' | 'manager',
  to: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, role, to);
  return page;
}

const workOrder = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test('a reported blocking problem goes from housekeeper to technician to manager', async ({
  browser,
  request,
}) => {
  // Three people, several screens and axe runs in one story.
  test.setTimeout(300_000);
  const villa = await makeVilla(request);
  const title = `Shower leaking ${villa.code}`;

  // The manager watches the list (it updates live).
  const manager = await pageAs(browser, 'manager', '/maintenance?flag=blocking');
  await expect(manager.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
  await expect(manager.getByRole('status').filter({ hasText: /work orders?$/ })).toBeVisible();

  // The housekeeper reports it: the form says what is missing first.
  const housekeeper = await pageAs(browser, 'housekeeper', '/maintenance');
  await housekeeper.getByRole('button', { name: 'Report a problem' }).click();
  const form = housekeeper.getByRole('dialog', { name: 'Report a problem' });
  await form.getByRole('button', { name: 'Report problem' }).click();
  await expect(form.getByText('Choose the villa')).toBeVisible();
  await expect(form.getByText('Say what is wrong in a few words')).toBeVisible();
  await expectAccessible(housekeeper, 'report a problem form');
  await form
    .getByLabel('Villa', { exact: true })
    .selectOption({ label: `${villa.name} (${villa.code})` });
  await form.getByLabel('What is wrong', { exact: true }).fill(title);
  await form.getByLabel('Priority', { exact: true }).selectOption({ label: 'Urgent' });
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Plumbing' });
  await form.getByLabel('Room or asset', { exact: true }).fill('Master bathroom');
  await form.getByRole('checkbox', { name: 'Blocks the next stay' }).check();
  await form.getByLabel('Photos', { exact: true }).setInputFiles(photo('leak.png'));
  await expect(form.getByText('1 photo attached')).toBeVisible();
  await form.getByRole('button', { name: 'Report problem' }).click();
  await expectToast(housekeeper, 'Problem reported');
  await expect(housekeeper.getByRole('article', { name: title })).toBeVisible();
  await expectAccessible(housekeeper, 'maintenance list');

  // It arrives on the manager's list without a reload; the villa is not guest-ready.
  await expect(manager.getByRole('article', { name: title })).toBeVisible({ timeout: 30_000 });
  await manager.getByRole('article', { name: title }).getByRole('button', { name: title }).click();
  const detail = workOrder(manager, title);
  await expect(detail.getByRole('img', { name: 'Before photo' })).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByText(`${DEMO_NAMES.housekeeper} reported it`)).toBeVisible();
  await detail
    .getByLabel('Assign to', { exact: true })
    .selectOption({ label: DEMO_NAMES.technician });
  await detail.getByRole('button', { name: 'Assign', exact: true }).click();
  await expectToast(manager, 'Work order assigned');
  await expect(detail.getByRole('group', { name: 'Work order state' })).toContainText('Assigned');
  await expectAccessible(manager, 'work order detail');

  const villaPage = await manager.context().newPage();
  await villaPage.goto(villa.url);
  await expect(villaPage.getByRole('group', { name: 'Guest-ready state' })).toContainText(
    'A blocking work order is open',
  );

  // The technician, on a phone: it is in "Mine"; start, then resolve with time and a photo.
  const technician = await pageAs(browser, 'technician', '/maintenance', {
    width: 360,
    height: 780,
  });
  await expect(technician.getByRole('button', { name: 'Mine' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await technician
    .getByRole('article', { name: title })
    .getByRole('button', { name: title })
    .click();
  const job = workOrder(technician, title);
  await job.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(job.getByRole('group', { name: 'Work order state' })).toContainText('In progress');
  await job.getByRole('button', { name: 'Resolve', exact: true }).click();
  const resolve = job.getByRole('form', { name: 'Resolve' });
  await resolve.getByLabel('Time spent (minutes)', { exact: true }).fill('forty');
  await resolve.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(resolve.getByText('Enter the minutes worked as a whole number')).toBeVisible();
  await resolve.getByLabel('Time spent (minutes)', { exact: true }).fill('45');
  await resolve.getByLabel('What was done', { exact: true }).fill('Resealed the shower tray');
  await resolve.getByLabel('After photos', { exact: true }).setInputFiles(photo('fixed.png'));
  await resolve.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(job.getByRole('group', { name: 'Work order state' })).toContainText('Resolved');
  await expect(job.getByText('45 min')).toBeVisible({ timeout: 20_000 });
  await expect(job.getByRole('img', { name: 'After photo' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(technician, 'work order on a phone');

  // The villa is ready again; the manager closes the work order (it arrived resolved, live).
  await villaPage.reload();
  await expect(villaPage.getByRole('group', { name: 'Guest-ready state' })).toContainText(
    'Guest-ready',
  );
  await expect(detail.getByRole('group', { name: 'Work order state' })).toContainText('Resolved', {
    timeout: 30_000,
  });
  await detail.getByRole('button', { name: 'Close work order' }).click();
  await expect(detail.getByRole('group', { name: 'Work order state' })).toContainText('Closed');
  await expect(detail.getByText(/Resolved → Closed/)).toBeVisible({ timeout: 20_000 });
});

test('"Report a problem" from a villa page and from the app frame opens the form, the villa filled in where known', async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request);
  await signInAs(page, 'housekeeper', villa.url);
  await expect(page.getByRole('heading', { name: villa.name, level: 1 })).toBeVisible();
  // (the one beside the guest-ready badge; the villa's work orders have one too)
  await page
    .locator('#main-content')
    .getByRole('link', { name: 'Report a problem' })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(form.getByLabel('Villa', { exact: true })).toHaveValue(villa.id);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // The header's link is on every screen; away from a villa it leaves the villa to choose.
  await page.goto('/');
  await page.locator('header').getByRole('link', { name: 'Report a problem' }).click();
  await expect(page).toHaveURL(/\/maintenance\?report=1$/);
  await expect(form.getByLabel('Villa', { exact: true })).toHaveValue('');
});

test("a villa's page lists its blocking work order, which opens beside the maintenance list", async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request);
  const title = `Boiler leaking ${villa.code}`;
  const id = await reportAsManager(request, villa.id, {
    title,
    priority: 'urgent',
    blocking: true,
  });
  await signInAs(page, 'technician', villa.url);
  const open = page.getByRole('region', { name: 'Open work orders' });
  const row = open.getByRole('listitem', { name: title });
  await expect(row).toContainText('Blocking');
  await expect(row).toContainText('Unassigned');
  await expectAccessible(page, "a villa's work orders");
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/maintenance\\?wo=${id}$`));
  await expect(workOrder(page, title)).toBeVisible();
});

test('the manager assigns two work orders at once', async ({ page, request }) => {
  const villa = await makeVilla(request);
  const titles = [`Gate sticks ${villa.code}`, `Fan rattles ${villa.code}`];
  for (const title of titles) await reportAsManager(request, villa.id, { title });
  await signInAs(page, 'manager', `/maintenance?view=list&villa=${villa.id}`);
  const list = page.getByTestId('work-order-list');
  await expect(list.getByRole('article')).toHaveCount(2);
  const bar = page.getByRole('group', { name: 'Assign several' });
  await bar.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar).toContainText('2 selected');
  await bar.getByLabel('Assign selected to').selectOption({ label: 'Kostas Petrou' });
  await bar.getByRole('button', { name: 'Assign 2 selected' }).click();
  await expectToast(page, '2 work orders assigned to Kostas Petrou');
  for (const title of titles) {
    await expect(list.getByRole('article', { name: title })).toContainText('Assigned');
    await expect(list.getByRole('article', { name: title })).toContainText('Kostas Petrou');
  }
});
