// Taking a reported problem (docs/maintenance.md "Taking a work order"), as the demo technician:
// from the list's card on a 360 px phone, then it is in "Mine" (whose switch for the unassigned
// ones of my areas is remembered on the device); from its panel at 1280 px; and the second of two
// takes (the manager's browser first) says who has it. axe on each screen touched, nothing wider
// than the viewport.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { accessToken, DEMO, DEMO_PASSWORD, expectToast, rest, signInAs } from './support/helpers';

const PHONE = { width: 360, height: 740 };
const DESK = { width: 1280, height: 800 };
const MANAGER_NAME = 'Nikos Vlachos';
const TECHNICIAN_NAME = 'Giorgos Markakis';

/** A villa of this test's own and one unassigned work order in it, reported as the manager. */
async function reported(request: APIRequestContext, what: string) {
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const code =
    `TK-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const [villa] = (await rest(request, token, 'POST', 'properties', {
    code,
    // "Z": after the seeded villas, which other specs expect on the list's first page.
    name: `Z Take Villa ${code}`,
    area: 'Test Bay, Milos',
    bedrooms: 2,
  })) as { id: string }[];
  const title = `${what} ${code}`;
  const [w] = (await rest(request, token, 'POST', 'work_orders', {
    property_id: villa!.id,
    title,
    priority: 'high',
  })) as { id: string }[];
  return { villaId: villa!.id, id: w!.id, title };
}

async function pageAs(
  browser: Browser,
  role: 'technician' | 'manager',
  to: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, role, to);
  return page;
}

async function expectFits(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

const state = (page: Page, title: string) =>
  page.getByRole('dialog', { name: title }).getByRole('group', { name: 'Work order state' });

test('the technician takes an unassigned work order from the list and finds it in Mine (360 px)', async ({
  browser,
  request,
}) => {
  const wo = await reported(request, 'Gate intercom silent');
  const page = await pageAs(
    browser,
    'technician',
    `/maintenance?view=list&villa=${wo.villaId}`,
    PHONE,
  );
  const card = page.getByRole('article', { name: wo.title });
  await expect(card).toContainText('Unassigned');
  await expectAccessible(page, 'list with a Take button');
  await expectFits(page);

  await card.getByRole('button', { name: 'Take', exact: true }).click();
  await expectToast(page, `You took “${wo.title}”`);
  await expect(card).toContainText(TECHNICIAN_NAME);
  await expect(card.getByRole('button', { name: 'Take', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mine', exact: true }).click();
  const mine = page.getByRole('article', { name: wo.title });
  await expect(mine).toContainText('Assigned');
  const include = page.getByRole('checkbox', { name: 'Include unassigned in my areas' });
  await expect(include).toBeChecked();
  await expect(page.getByText(/^My areas: /)).toBeVisible();
  await expectAccessible(page, 'Mine with the unassigned of my areas');
  await expectFits(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'Mine in the dark scheme');
  await page.emulateMedia({ colorScheme: 'light' });

  // The switch is remembered on this device; what is mine stays either way.
  await include.uncheck();
  await page.reload();
  await expect(
    page.getByRole('checkbox', { name: 'Include unassigned in my areas' }),
  ).not.toBeChecked();
  await expect(page.getByRole('article', { name: wo.title })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Include unassigned in my areas' }).check();
});

test('the technician takes a work order from its panel (1280 px)', async ({ browser, request }) => {
  const wo = await reported(request, 'Pool light out');
  const page = await pageAs(browser, 'technician', `/maintenance?view=list&wo=${wo.id}`, DESK);
  const panel = page.getByRole('dialog', { name: wo.title });
  await expect(panel.getByRole('button', { name: 'Take this work order' })).toBeVisible();
  await expectAccessible(page, 'work order panel with Take');
  await expectFits(page);

  await panel.getByRole('button', { name: 'Take this work order' }).click();
  await expectToast(page, `You took “${wo.title}”`);
  await expect(state(page, wo.title)).toContainText('Assigned');
  await expect(panel.getByRole('button', { name: 'Take this work order' })).toHaveCount(0);
  // Now the assignee's moves: it can be started.
  await expect(panel.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await expect(panel.getByText(`${TECHNICIAN_NAME} assigned it to ${TECHNICIAN_NAME}`)).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expectAccessible(page, 'work order panel once taken');
  await expectFits(page);
});

test('the second of two takes says who has it, and the screen shows it theirs', async ({
  browser,
  request,
}) => {
  const wo = await reported(request, 'Dishwasher leaking');
  // The technician's screen gets no live updates: it still shows the work order unassigned when
  // the manager's take lands, as a phone a moment behind would.
  const context = await browser.newContext({ viewport: DESK });
  await context.routeWebSocket(/\/realtime\//, () => undefined);
  const technician = await context.newPage();
  await signInAs(technician, 'technician', `/maintenance?view=list&wo=${wo.id}`);
  const panel = technician.getByRole('dialog', { name: wo.title });
  await expect(panel.getByRole('button', { name: 'Take this work order' })).toBeVisible();

  const manager = await pageAs(browser, 'manager', `/maintenance?view=list&wo=${wo.id}`, DESK);
  await manager
    .getByRole('dialog', { name: wo.title })
    .getByRole('button', { name: 'Take this work order' })
    .click();
  await expectToast(manager, `You took “${wo.title}”`);

  await panel.getByRole('button', { name: 'Take this work order' }).click();
  await expectToast(technician, `Already taken by ${MANAGER_NAME}`);
  // The list refreshed: the work order is the manager's, nothing to take.
  await expect(panel.getByRole('button', { name: 'Take this work order' })).toHaveCount(0);
  await expect(panel).toContainText(MANAGER_NAME);
  await expect(state(technician, wo.title)).toContainText('Assigned');
  await expectAccessible(technician, 'a take refused');
  await expectFits(technician);
});
