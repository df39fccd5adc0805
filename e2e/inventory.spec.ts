// Inventory through the real app and backend (docs/inventory.md). The manager receives a delivery,
// transfers some to a villa, sets the villa's par level and sees it low; the pick list for
// tomorrow's turnover there becomes transfers in one step and then shows the villa covered. A
// housekeeper on a 360 px phone counts the villa with no signal; the count lands once. A
// technician records a part on his work order from his van, and its cost is added to the work
// order; he scans a barcode with the camera in a browser without BarcodeDetector (ZXing's reader).
// axe on the items, low stock, the pick list and count mode.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { barcodeSymbol } from '../tests/support/barcode-symbol';
import { expectAccessible } from './support/axe';
import {
  companyDay,
  cutSignal,
  expectFitsPhone,
  launchPhone,
  restoreSignal,
} from './support/field';
import { expectToast, signInAs } from './support/helpers';
import { waitForController } from './support/pwa';
import { baseURLOf, service, uniqueCode } from './support/offline';

const WAREHOUSE = 'c1710000-0000-4000-8000-000000000001'; // the demo seed's first warehouse
const VAN = 'c1710000-0000-4000-8000-000000000003'; // the demo technician's van
const TECHNICIAN = 'a11ce000-0000-4000-8000-000000000004';

interface Setup {
  villa: { id: string; name: string };
  location: string;
  item: { id: string; name: string };
}

/** A villa of its own with a turnover tomorrow (4 guests), and a new item with a barcode. */
async function setUp(baseURL: string): Promise<Setup> {
  const code = uniqueCode();
  // Named after its code: "Z" sorts it after the demo villas, which other specs expect on page 1.
  const name = `${code} Stock Villa`;
  const [villa] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/properties', {
    code,
    name,
    area: 'Test Bay, Milos',
    bedrooms: 2,
  });
  const [location] = await service<{ id: string }[]>(
    baseURL,
    'GET',
    `/rest/v1/inventory_locations?select=id&property_id=eq.${villa!.id}`,
  );
  const [turnover] = await service<{ id: string }[]>(
    baseURL,
    'GET',
    '/rest/v1/cleaning_types?select=id&code=eq.turnover',
  );
  const day = companyDay(1);
  await service(baseURL, 'POST', '/rest/v1/cleaning_tasks', {
    property_id: villa!.id,
    cleaning_type_id: turnover!.id,
    window_start: `${day}T08:00:00Z`,
    due_at: `${day}T12:00:00Z`,
    estimated_minutes: 120,
    guests_arriving: 4,
  });
  const tag = code.slice(4);
  const itemName = `Zeta test fuse ${tag}`;
  const [item] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/inventory_items', {
    name: itemName,
    sku: `ZTF-${tag}`,
    barcode: `29${Date.now()}`.slice(0, 13),
    category: 'spare_parts',
    unit: 'piece',
    pack_size: 1,
    unit_cost: 4.5,
  });
  return {
    villa: { id: villa!.id, name },
    location: location!.id,
    item: { id: item!.id, name: itemName },
  };
}

const onHand = async (baseURL: string, itemId: string, locationId: string) => {
  const rows = await service<{ on_hand: number }[]>(
    baseURL,
    'GET',
    `/rest/v1/inventory_stock?select=on_hand&item_id=eq.${itemId}&location_id=eq.${locationId}`,
  );
  return rows[0] ? Number(rows[0].on_hand) : 0;
};

const movements = (baseURL: string, query: string) =>
  service<{ kind: string; quantity: number; counted_quantity: number | null }[]>(
    baseURL,
    'GET',
    `/rest/v1/inventory_movements?select=kind,quantity,counted_quantity&${query}`,
  );

async function chooseOption(page: Page, label: string, option: string | RegExp) {
  const select = page.getByLabel(label, { exact: true });
  const value = await select
    .locator('option')
    .filter({ hasText: option })
    .first()
    .getAttribute('value');
  await select.selectOption(value!);
}

test('the manager receives, transfers, sets par, sees it low, and turns the pick list into transfers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const baseURL = baseURLOf();
  const { villa, location, item } = await setUp(baseURL);
  await signInAs(page, 'manager', '/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expectAccessible(page, 'inventory items');

  // A delivery of 40 into the warehouse: its field messages first.
  await page.getByRole('button', { name: 'Receive delivery' }).click();
  const receive = page.getByRole('form', { name: 'Receive a delivery' });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText('Choose the item')).toBeVisible();
  await chooseOption(page, 'Item', item.name);
  await page.getByLabel('Warehouse', { exact: true }).selectOption(WAREHOUSE);
  await receive.getByLabel('Quantity').fill('40');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expectToast(page, `${item.name} received`);
  await expect.poll(() => onHand(baseURL, item.id, WAREHOUSE)).toBe(40);

  // 3 of them to the villa, in one action.
  await page.getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('form', { name: 'Transfer stock' });
  await chooseOption(page, 'Item', item.name);
  await page.getByLabel('From', { exact: true }).selectOption(WAREHOUSE);
  await chooseOption(page, 'To', villa.name);
  await transfer.getByLabel('Quantity').fill('3');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expectToast(page, `${item.name} transferred`);
  await expect.poll(() => onHand(baseURL, item.id, location)).toBe(3);
  await expect.poll(() => onHand(baseURL, item.id, WAREHOUSE)).toBe(37);

  // The villa's par level 10, reorder at 5: the item is low there.
  await page.goto(`/inventory?item=${item.id}`);
  const detail = page.getByRole('dialog', { name: item.name });
  await expect(detail.getByText(villa.name).first()).toBeVisible({ timeout: 30_000 });
  await chooseOption(page, 'Place', villa.name);
  await detail.getByRole('spinbutton', { name: 'Par level' }).fill('10');
  await detail.getByRole('spinbutton', { name: 'Reorder threshold' }).fill('5');
  await detail.getByRole('button', { name: 'Save levels' }).click();
  await expectToast(page, `Levels saved for ${item.name}`);
  await page.keyboard.press('Escape');

  await page.goto('/inventory?view=low');
  const low = page
    .getByRole('listitem')
    .filter({ hasText: item.name })
    .filter({ hasText: villa.name });
  await expect(low).toBeVisible({ timeout: 30_000 });
  // Up to par 10 from 3: 7 pieces at 4.50.
  await expect(low.getByText(/Order 7 piece/)).toBeVisible();
  await expectAccessible(page, 'low stock');

  // Tomorrow's turnover at the villa: the pick list, then its transfers in one step, from a
  // warehouse that holds what a turnover uses (the demo's may be short of some).
  const rules = await service<{ item_id: string }[]>(
    baseURL,
    'GET',
    '/rest/v1/inventory_consumption?select=item_id,type:cleaning_types!inner(code)&type.code=eq.turnover',
  );
  for (const r of rules)
    await service(baseURL, 'POST', '/rest/v1/rpc/inventory_receive', {
      item_id: r.item_id,
      location_id: WAREHOUSE,
      quantity: 60,
    });
  await page.goto(`/inventory?view=pick&villa=${villa.id}&source=${WAREHOUSE}`);
  const card = page.getByRole('listitem', { name: villa.name });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/1 clean/)).toBeVisible();
  await expectAccessible(page, 'pick list');
  await page.getByRole('button', { name: 'Create transfers' }).click();
  const confirm = page.getByRole('dialog', { name: 'Create the transfers?' });
  await confirm.getByRole('button', { name: /^Create \d+ transfers?$/ }).click();
  await expectToast(page, /transfers? made to 1 villa/);
  await expect(card.getByText(/nothing to bring/)).toBeVisible({ timeout: 30_000 });
});

test('a housekeeper counts a villa on a 360 px phone with no signal; the count lands once', async () => {
  test.setTimeout(180_000);
  const baseURL = baseURLOf();
  const { villa, location, item } = await setUp(baseURL);
  await service(baseURL, 'POST', '/rest/v1/rpc/inventory_receive', {
    item_id: item.id,
    location_id: WAREHOUSE,
    quantity: 10,
  });
  await service(baseURL, 'POST', '/rest/v1/rpc/inventory_transfer', {
    item_id: item.id,
    from_location_id: WAREHOUSE,
    to_location_id: location,
    quantity: 6,
  });
  const phone = await launchPhone(baseURL);
  try {
    const page = phone.page;
    await signInAs(page, 'housekeeper', `/inventory?view=count&villa=${villa.id}`);
    const line = page.getByRole('listitem', { name: item.name });
    await expect(line).toBeVisible({ timeout: 30_000 });
    await expect(line.getByText('On the books: 6 piece')).toBeVisible();
    await expectAccessible(page, 'count mode');
    await expectFitsPhone(page);

    // The app is kept on the phone (the service worker in control) before the signal goes.
    await waitForController(page);
    await cutSignal(phone.context);
    await line.getByLabel(`Counted: ${item.name}`).fill('4');
    await page.getByRole('button', { name: 'Save count (1 item)' }).click();
    await expectToast(page, /Saved on this phone/);
    // Nothing reached the server with no signal.
    expect(await movements(baseURL, `item_id=eq.${item.id}&kind=eq.count`)).toHaveLength(0);

    await restoreSignal(phone.context);
    await expect
      .poll(async () => (await movements(baseURL, `item_id=eq.${item.id}&kind=eq.count`)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect.poll(() => onHand(baseURL, item.id, location)).toBe(4);
    const [count] = await movements(baseURL, `item_id=eq.${item.id}&kind=eq.count`);
    expect(Number(count!.counted_quantity)).toBe(4);
    expect(Number(count!.quantity)).toBe(-2);
  } finally {
    await phone.close();
  }
});

test('a technician records a part from his van on his work order, and its cost is added', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const baseURL = baseURLOf();
  const { villa, item } = await setUp(baseURL);
  await service(baseURL, 'POST', '/rest/v1/rpc/inventory_receive', {
    item_id: item.id,
    location_id: WAREHOUSE,
    quantity: 10,
  });
  await service(baseURL, 'POST', '/rest/v1/rpc/inventory_transfer', {
    item_id: item.id,
    from_location_id: WAREHOUSE,
    to_location_id: VAN,
    quantity: 5,
  });
  const [wo] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/work_orders', {
    property_id: villa.id,
    title: 'Fuse box trips',
    priority: 'medium',
    status: 'assigned',
    assignee_id: TECHNICIAN,
  });
  await signInAs(page, 'technician', `/maintenance?wo=${wo!.id}`);
  const detail = page.getByRole('dialog', { name: 'Fuse box trips' });
  const parts = detail.getByRole('region', { name: 'Parts used' });
  await expect(parts).toBeVisible({ timeout: 30_000 });
  const part = parts.getByLabel('Part', { exact: true });
  await part.selectOption(
    (await part.locator('option').filter({ hasText: item.name }).getAttribute('value'))!,
  );
  // From his van by default.
  await expect(parts.getByLabel('Taken from')).toHaveValue(VAN);
  await parts.getByLabel('Quantity').fill('2');
  await parts.getByRole('button', { name: 'Add part' }).click();
  await expectToast(page, /Use recorded \(1 item\)/);
  await expect.poll(() => onHand(baseURL, item.id, VAN)).toBe(3);
  // 2 x 4.50 on the work order's parts cost, shown in its detail.
  const partsCost = detail
    .locator('dt', { hasText: /^Parts$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(partsCost).toHaveText('€9.00', { timeout: 30_000 });
  const [after] = await service<{ parts_cost: number }[]>(
    baseURL,
    'GET',
    `/rest/v1/work_orders?select=parts_cost&id=eq.${wo!.id}`,
  );
  expect(Number(after!.parts_cost)).toBe(9);
});

/**
 * A camera that films `text` as a Code 128 barcode: a Y4M file for Chromium's fake capture device
 * (grey frames, the bars drawn by ZXing's writer, 4 px a module, centred).
 */
async function writeBarcodeVideo(text: string, file: string): Promise<void> {
  const W = 640;
  const H = 480;
  const symbol = await barcodeSymbol(text, 'Code128');
  const scale = 4;
  const left = Math.floor((W - symbol.width * scale) / 2);
  const luma = Buffer.alloc(W * H, 235);
  for (let y = 140; y < 340; y++)
    for (let x = 0; x < symbol.width * scale; x++)
      luma[y * W + left + x] = symbol.data[Math.floor(x / scale)]! < 128 ? 16 : 235;
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

test('a barcode filmed by the camera is read where the browser has no BarcodeDetector', async () => {
  test.setTimeout(120_000);
  const baseURL = baseURLOf();
  const { item } = await setUp(baseURL);
  const code = `ZTF${Date.now().toString(36).toUpperCase()}`;
  await service(baseURL, 'PATCH', `/rest/v1/inventory_items?id=eq.${item.id}`, { barcode: code });
  const video = path.join(tmpdir(), `barcode-${process.pid}-${Date.now()}.y4m`);
  await writeBarcodeVideo(code, video);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 360, height: 740 } });
    // The reader this test is about: ZXing's, as in a browser without the API (Firefox, say).
    await page.addInitScript(() => {
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    await signInAs(page, 'technician', `/inventory?view=count&location=${VAN}`);
    await page.getByLabel('Show all items, also those not stocked here').check();
    await expect(page.getByRole('listitem', { name: item.name })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Scan' }).click();
    await expect(page.getByText(`${item.name}: one more`)).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('listitem', { name: item.name }).getByLabel(`Counted: ${item.name}`),
    ).toHaveValue('1');
  } finally {
    await browser.close();
    rmSync(video, { force: true });
  }
});
