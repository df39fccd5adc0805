// Properties and reservations through the real app and backend: the list (search, counts, cards on
// phones), the manager's form (validation, duplicate code from the 409, unsaved-changes guard),
// reservations (manual, the overlap 409 as a form error, an .ics import, the calendar), what field
// staff see, and axe on the list, detail and form.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { fillDateTime } from './support/date-field';
import { accessToken, DEMO, DEMO_PASSWORD, expectToast, rest, signInAs } from './support/helpers';
import { companyDay } from './support/field';

// Calendar grids lay out days in the browser's zone; the day() helper below counts in UTC.
test.use({ timezoneId: 'UTC' });

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `days` from now as YYYY-MM-DD (UTC calendar; times below are company-zone). */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Today in the company's zone (Europe/Athens) as a UTC midnight: the calendars start from it,
 * and between 22:00 and 24:00 UTC it is already tomorrow there. */
const companyToday = () => new Date(`${companyDay()}T00:00:00Z`);

/** Monday (UTC) of the week holding `d`. */
function mondayOf(d: Date): Date {
  return new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)),
  );
}
const monthLabel = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const daysInMonth = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
/** The header of a range calendar: "d MMM – d MMM yyyy" from `start` to `days` later. */
function rangeLabel(start: Date, days: number): string {
  const end = new Date(start.getTime() + days * 86_400_000);
  const short = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()].slice(0, 3)}`;
  return `${short(start)} – ${short(end)} ${end.getUTCFullYear()}`;
}

// The manager's journey, in steps that stand alone (docs/testing.md): each makes the villa it
// needs through the API (as the manager, under RLS) and checks one part of the screens.
let made = 0;
/** A villa of the manager's own, made through the API; `stays` adds confirmed reservations. */
async function makeVilla(
  request: APIRequestContext,
  stays: { guest: string; from: string; to: string }[] = [],
) {
  made += 1;
  const code = `E2E-${Date.now().toString(36).toUpperCase()}${process.pid.toString(36).toUpperCase()}${made}`;
  const name = `E2E Villa ${code.toLowerCase()}`;
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const [villa] = (await rest(request, token, 'POST', 'properties', {
    code,
    name,
    area: 'Test Bay, Milos',
    bedrooms: 3,
  })) as { id: string }[];
  for (const stay of stays)
    await rest(request, token, 'POST', 'reservations', {
      property_id: villa!.id,
      guest_name: stay.guest,
      check_in: `${stay.from}T12:00:00Z`,
      check_out: `${stay.to}T09:00:00Z`,
    });
  return { id: villa!.id, code, name, url: `/properties/${villa!.id}` };
}

test('a manager searches and filters the list', async ({ page }) => {
  await signInAs(page, 'manager', '/properties');
  const table = page.getByRole('table', { name: 'Properties' });
  await expect(table.getByRole('link', { name: 'Villa Anemos' })).toBeVisible();
  await expect(page.getByText(/^Showing 1–\d+ of \d+ properties$/)).toBeVisible();

  // Search runs on the server; the count follows.
  await page.getByLabel('Search by name, code or area').fill('anemos');
  await expect(page.getByText('Showing 1–1 of 1 property')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search by name, code or area').fill('');
  await page.getByLabel('Status').selectOption('inactive');
  await expect(table.getByRole('link', { name: 'Lithos House' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Villa Anemos' })).toHaveCount(0);
  await expect(table.getByText('Inactive (out of service)')).toBeVisible();
  await expectAccessible(page, 'properties list');
});

test('a manager creates a property: client validation, the duplicate code as a field error', async ({
  page,
}) => {
  await signInAs(page, 'manager', '/properties');
  await page.getByRole('link', { name: 'New property' }).click();
  await expect(page.getByRole('heading', { name: 'New property', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Enter a code')).toBeVisible();
  await expectAccessible(page, 'property form with errors');

  const name = `E2E Villa ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code').fill('bad code!');
  await page.getByLabel('Area').fill('Test Bay, Milos');
  await page.getByLabel('Bedrooms').fill('99');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(
    page.getByText('Use letters, digits and single dashes, e.g. SAN-OIA-01'),
  ).toBeVisible();
  await expect(page.getByText('Bedrooms must be at most 50')).toBeVisible();
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Code').fill('san-oia-01');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page.getByText('Another property already uses this code')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);

  const code = `E2E-${Date.now().toString(36).toUpperCase()}${process.pid.toString(36).toUpperCase()}`;
  await page.getByLabel('Code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Create property' }).click();
  await expectToast(page, 'Property created');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(`${code} · Test Bay, Milos`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  // No history yet: it may be deleted.
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
});

test('a manager edits a property past the unsaved-changes guard, and its access details', async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request);
  await signInAs(page, 'manager', villa.url);
  await expect(page.getByRole('heading', { name: villa.name, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit property', level: 1 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`${villa.name} Renamed`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${villa.name} Renamed`);
  await page.getByLabel('Maximum guests').fill('6');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Property updated');
  await expect(
    page.getByRole('heading', { name: `${villa.name} Renamed`, level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === villa.url);

  // Access details (properties.access): one row per villa, written with an upsert.
  await page.getByRole('button', { name: 'Edit access details' }).click();
  const accessDialog = page.getByRole('dialog', { name: 'Access details' });
  await accessDialog.getByLabel('Wi-Fi network').fill('Villa-Guest');
  await accessDialog.getByLabel('Wi-Fi password').fill('sea-breeze-42');
  await accessDialog.getByRole('button', { name: 'Save access details' }).click();
  await expectToast(page, 'Access details saved');
  await expect(accessDialog).toBeHidden();
  await expect(page.getByText('sea-breeze-42')).toBeVisible();
});

test('a manager adds a reservation, an overlapping one is a form error, and imports an .ics', async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request);
  await signInAs(page, 'manager', villa.url);
  const addStay = async (guest: string, from: string, to: string) => {
    await page.getByRole('button', { name: 'Add reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add reservation' });
    await dialog.getByLabel('Guest name').fill(guest);
    await fillDateTime(dialog, 'Check-in', `${from}T15:00`);
    await fillDateTime(dialog, 'Check-out', `${to}T11:00`);
    await dialog.getByRole('button', { name: 'Save reservation' }).click();
    return dialog;
  };
  let dialog = await addStay('Eleni Georgiou', day(100), day(104));
  await expectToast(page, 'Reservation added');
  await expect(dialog).toBeHidden();
  const upcoming = page.getByRole('region', { name: 'Upcoming reservations' });
  await expect(upcoming.getByText('Eleni Georgiou')).toBeVisible();
  // With a stay on record the villa has history: delete gives way to archive.
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  dialog = await addStay('Overlapping Guest', day(102), day(106));
  await expect(
    dialog.getByText(
      `These dates overlap another confirmed reservation at this property (${day(100)} 15:00 to ${day(104)} 11:00)`,
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel('Guest name')).toHaveValue('Overlapping Guest');
  await page.keyboard.press('Escape');
  await expect(upcoming.getByText('Overlapping Guest')).toHaveCount(0);

  // An .ics file: all-day event, imported once, then again without changes.
  const compact = (d: string) => d.replace(/-/g, '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//E2E//Arivia//EN',
    'BEGIN:VEVENT',
    `UID:e2e-${villa.code}@example.com`,
    `DTSTART;VALUE=DATE:${compact(day(110))}`,
    `DTEND;VALUE=DATE:${compact(day(113))}`,
    'SUMMARY:Imported Guest',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await page.getByRole('button', { name: 'Import iCal' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import reservations' });
  await importDialog.getByLabel('Calendar file (.ics)').setInputFiles({
    name: 'stay.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  await importDialog.getByRole('button', { name: 'Import file' }).click();
  const report = importDialog.getByRole('region', { name: 'Import report' });
  await expect(report.getByText('Created').locator('..')).toContainText('1');
  await expectToast(page, 'Calendar imported');
  await importDialog.getByRole('button', { name: 'Import file' }).click();
  await expect(report.getByText('Unchanged').locator('..')).toContainText('1');
  await expect(report.getByText('Created').locator('..')).toContainText('0');
  await importDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(upcoming.getByText('Imported Guest')).toBeVisible();
});

test("a property's calendar: the stay on its arrival day, month and week views", async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request, [
    { guest: 'Imported Guest', from: day(110), to: day(113) },
  ]);
  await signInAs(page, 'manager', villa.url);
  // The calendar shows the stay on its arrival day.
  const calendar = page.getByRole('region', { name: 'Reservations calendar' });
  const arrival = new Date(`${day(110)}T12:00:00Z`);
  const label = `${MONTHS[arrival.getUTCMonth()]} ${arrival.getUTCFullYear()}`;
  await expect(calendar.getByRole('heading')).toHaveText(monthLabel(companyToday()));
  for (let i = 0; i < 6; i += 1) {
    if ((await calendar.getByRole('heading').textContent()) === label) break;
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(calendar.getByRole('heading')).toHaveText(label);
  await expect(calendar.getByText('In: Imported Guest')).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await calendar.getByRole('gridcell').count()).toBeGreaterThanOrEqual(28);

  // Week view: seven days, stepped a week at a time to the one holding the arrival.
  const arrivalMonday = mondayOf(arrival);
  const weekLabel = rangeLabel(arrivalMonday, 6);
  await calendar.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(calendar.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(calendar.getByRole('gridcell')).toHaveCount(7);
  await expect(calendar.getByRole('button', { name: 'Next month' })).toHaveCount(0);
  for (let i = 0; i < 6; i += 1) {
    if ((await calendar.getByRole('heading').textContent()) === weekLabel) break;
    await calendar.getByRole('button', { name: 'Next week' }).click();
  }
  await expect(calendar.getByRole('heading')).toHaveText(weekLabel);
  await expect(calendar.getByText('In: Imported Guest')).toBeVisible();
  await calendar.getByRole('button', { name: 'Previous week' }).click();
  await expect(calendar.getByText('In: Imported Guest')).toHaveCount(0);
  await calendar.getByRole('button', { name: 'Next week' }).click();
  await expect(calendar.getByText('In: Imported Guest')).toBeVisible();
  await expectAccessible(page, 'property detail');

  // Back to Month (the month of that week's Monday), then Today.
  await calendar.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(calendar.getByRole('heading')).toHaveText(monthLabel(arrivalMonday));
  expect(await calendar.getByRole('gridcell').count()).toBeGreaterThanOrEqual(28);
  await calendar.getByRole('button', { name: 'Today' }).click();
  await expect(calendar.getByRole('heading')).toHaveText(monthLabel(companyToday()));
});

test('the calendar across properties: two weeks, a week and a month at a time', async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request, [
    { guest: 'Imported Guest', from: day(110), to: day(113) },
  ]);
  await signInAs(page, 'manager', `/properties?view=calendar&q=${villa.code}`);
  const across = page.getByRole('region', { name: 'Calendar across properties' });
  await expect(across.getByRole('rowheader', { name: villa.name })).toBeVisible();
  const arrival = new Date(`${day(110)}T12:00:00Z`);
  const label = monthLabel(arrival);
  const arrivalMonday = mondayOf(arrival);
  const weekLabel = rangeLabel(arrivalMonday, 6);
  // The view starts on this week's Monday; step to the fortnight holding the arrival.
  const steps = Math.floor(
    (Date.parse(`${day(110)}T00:00:00Z`) - mondayOf(companyToday()).getTime()) / (14 * 86_400_000),
  );
  for (let i = 0; i < steps; i += 1) {
    await across.getByRole('button', { name: 'Next two weeks' }).click();
  }
  await expect(across.getByText('In Imported Guest')).toBeVisible();
  await expect(across.getByRole('columnheader')).toHaveCount(15);

  // Week: seven day columns, stepped to the arrival's week.
  await across.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(across.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(across.getByRole('columnheader')).toHaveCount(8);
  for (let i = 0; i < 3; i += 1) {
    if ((await across.getByRole('heading').textContent()) === weekLabel) break;
    await across.getByRole('button', { name: 'Next week' }).click();
  }
  await expect(across.getByRole('heading')).toHaveText(weekLabel);
  await expect(across.getByText('In Imported Guest')).toBeVisible();

  // Month: a column per day of the month, stepped to the arrival's month.
  await across.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(across.getByRole('heading')).toHaveText(monthLabel(arrivalMonday));
  await expect(across.getByRole('columnheader')).toHaveCount(daysInMonth(arrivalMonday) + 1);
  if (monthLabel(arrivalMonday) !== label) {
    await across.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(across.getByRole('heading')).toHaveText(label);
  await expect(across.getByRole('columnheader')).toHaveCount(daysInMonth(arrival) + 1);
  await expect(across.getByText('In Imported Guest')).toBeVisible();
  await expectAccessible(page, 'calendar across properties');
});

test('a property with history is archived, not deleted: hidden from the list, no new stays', async ({
  page,
  request,
}) => {
  const villa = await makeVilla(request, [
    { guest: 'Eleni Georgiou', from: day(100), to: day(104) },
  ]);
  await signInAs(page, 'manager', villa.url);
  await expect(page.getByRole('heading', { name: villa.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('button', { name: 'Archive property' }).click();
  await expectToast(page, 'Property archived');
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add reservation' })).toHaveCount(0);
  await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
  await page.goto(`/properties?q=${villa.code}`);
  await expect(page.getByText('No properties match.')).toBeVisible();
  await page.getByLabel('Show archived').click();
  await expect(page.getByLabel('Show archived')).toBeChecked();
  await expect(
    page.getByRole('table', { name: 'Properties' }).getByRole('link', { name: villa.name }),
  ).toBeVisible();
});

test('a housekeeper sees the list and detail without edit controls or guest data', async ({
  page,
}) => {
  // The dashboard's card: villas not ready and why, from property_overview (no guest data).
  await signInAs(page, 'housekeeper', '/');
  const notReady = page.getByRole('region', { name: /^Not guest-ready \(\d+\)$/ });
  // The card lists the first five by name, and which villas those are moves with the day's
  // turnovers (after midnight in Athens others came before Lithos House): each says why.
  await expect(notReady.getByRole('link').first()).toBeVisible();
  await expect(notReady.getByRole('listitem').first()).toContainText('— ');
  await expect(page.getByRole('region', { name: 'Still arriving today' })).toBeVisible();

  await page.goto('/properties');
  await expect(
    page.getByRole('table', { name: 'Properties' }).getByRole('link', { name: 'Villa Anemos' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'New property' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calendar' })).toHaveCount(0);
  await page
    .getByRole('table', { name: 'Properties' })
    .getByRole('link', { name: 'Villa Anemos' })
    .click();
  await expect(page.getByRole('heading', { name: 'Villa Anemos', level: 1 })).toBeVisible();
  await expect(page.getByText('Next check-in', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Reservations' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add reservation' })).toHaveCount(0);
  await expectAccessible(page, 'detail as housekeeper');

  await page.goto('/properties/new');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need the manager role to access this page.')).toBeVisible();
});

test('phones get cards; an unknown id is not found', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'manager', '/properties');
  const cards = page.getByRole('list', { name: 'Properties' });
  await expect(cards.getByRole('link', { name: 'Villa Anemos' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Properties' })).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'properties list on a phone');

  await page.goto('/properties/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property');
  await expect(page.getByText('No such property')).toBeVisible();
});

// A 1 x 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a manager uploads, captions, reorders and deletes photos', async ({ page }) => {
  await signInAs(page, 'manager', '/properties?q=portara');
  await page
    .getByRole('table', { name: 'Properties' })
    .getByRole('link', { name: 'Villa Portara' })
    .click();
  const photos = page.getByRole('list', { name: 'Photos' });
  await expect(photos.getByRole('listitem')).toHaveCount(3);

  await page.getByLabel('Add photos').setInputFiles({
    name: 'terrace.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expectToast(page, 'Photo uploaded');
  await expect(photos.getByRole('listitem')).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Caption of photo 4' }).fill('Pool at dusk');
  await page.getByRole('button', { name: 'Save caption of photo 4' }).click();
  const added = photos.getByRole('img', { name: 'Pool at dusk' });
  await expect(added).toBeVisible();
  // The uploaded bytes, shown as the gallery's 480 x 360 rendition (docs/local-backend.md).
  await expect(added).toHaveAttribute('src', /\/storage\/v1\/render\/image\/sign\//);
  await expect
    .poll(() => added.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(480);

  await page.getByRole('button', { name: 'Move photo 4 earlier' }).click();
  await expect(photos.getByRole('listitem').nth(2).getByRole('img')).toHaveAttribute(
    'alt',
    'Pool at dusk',
  );
  await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
  await expect(photos.getByRole('listitem').nth(2)).toContainText('Cover');
  await page.reload();
  await expect(photos.getByRole('listitem').nth(2).getByRole('img')).toHaveAttribute(
    'alt',
    'Pool at dusk',
  );
  await expect(photos.getByText(/^Cover/)).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete photo 3' }).click();
  await expectToast(page, 'Photo deleted');
  await expect(photos.getByRole('listitem')).toHaveCount(3);
  await expect(photos.getByRole('img', { name: 'Pool at dusk' })).toHaveCount(0);
});
