// Managing items and places (docs/inventory.md "Managing items and places"), rendered for real
// against the in-process backend: a manager creates an item (read back with the service role), a
// SKU already in use is refused under the SKU with what was typed kept, the item is edited from
// its detail; a manager creates a van with its technician and finds it on the locations screen; a
// housekeeper is offered neither "New item" nor "New van". What the tests make is taken out of use
// afterwards (items and places are never deleted), so other screens' tests do not meet it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { service } from './outage';
import { renderRoute, restartAt } from './render-route';

afterEach(cleanup);

const SLOW = { timeout: 30_000 };
const tag = Date.now().toString(36).toUpperCase();
const ITEM = `Beach towel ${tag}`;
const SKU = `LIN-BCH-${tag}`;
const EDITED = `Pool towel ${tag}`;
const EDITED_SKU = `LIN-POOL-${tag}`;
const VAN = `Van: test ${tag}`;
/** Kostas Petrou, a technician of the demo data (not the demo login, whose van count mode opens). */
const TECHNICIAN = 'a11ce000-0000-4000-8000-000000000007';

afterAll(async () => {
  await service.from('inventory_items').update({ active: false }).like('sku', `%${tag}`);
  await service.from('inventory_locations').update({ active: false }).eq('name', VAN);
});

const itemBySku = async (sku: string) => {
  const { data, error } = await service
    .from('inventory_items')
    .select('id,name,sku,barcode,category,unit,pack_size,unit_cost,active')
    .eq('sku', sku);
  if (error) throw error;
  return data ?? [];
};

const value = (form: HTMLElement, label: string) =>
  (within(form).getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

it('a manager creates an item; a SKU in use is refused under the SKU, what was typed kept', async () => {
  await renderRoute('/inventory', 'manager');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New item' }, SLOW));
  const form = await screen.findByRole('form', { name: 'New item' }, SLOW);

  // Nothing typed: the schema's messages under their fields.
  await user.click(within(form).getByRole('button', { name: 'Create item' }));
  expect(await within(form).findByText("Enter the item's name")).toBeTruthy();

  // A SKU the demo data uses (the king duvet cover set's): the database refuses it, the message
  // shows under the SKU and what was typed stays.
  await user.type(within(form).getByLabelText('Name'), ITEM);
  await user.type(within(form).getByLabelText('SKU'), 'LIN-KDC');
  await user.type(within(form).getByLabelText('Barcode'), `520${tag}`);
  await user.selectOptions(within(form).getByLabelText('Category'), 'Linen');
  await user.clear(within(form).getByLabelText('Unit'));
  await user.type(within(form).getByLabelText('Unit'), 'piece');
  await user.clear(within(form).getByLabelText('Pack size'));
  await user.type(within(form).getByLabelText('Pack size'), '10');
  await user.clear(within(form).getByLabelText('Unit cost (€)'));
  await user.type(within(form).getByLabelText('Unit cost (€)'), '7.5');
  await user.click(within(form).getByRole('button', { name: 'Create item' }));
  expect(
    await within(form).findByText('Another item has this SKU. Choose another.', {}, SLOW),
  ).toBeTruthy();
  expect(value(form, 'Name')).toBe(ITEM);
  expect(value(form, 'SKU')).toBe('LIN-KDC');
  expect(value(form, 'Pack size')).toBe('10');
  expect(value(form, 'Unit cost (€)')).toBe('7.5');
  expect(await itemBySku('LIN-KDC')).toHaveLength(1);

  // Its own SKU: created once, as typed.
  await user.clear(within(form).getByLabelText('SKU'));
  await user.type(within(form).getByLabelText('SKU'), SKU);
  await user.click(within(form).getByRole('button', { name: 'Create item' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'New item' })).toBeNull(), SLOW);
  const [created, ...more] = await itemBySku(SKU);
  expect(more).toHaveLength(0);
  expect(created).toMatchObject({
    name: ITEM,
    barcode: `520${tag}`,
    category: 'linen',
    unit: 'piece',
    pack_size: 10,
    active: true,
  });
  expect(Number(created?.unit_cost)).toBe(7.5);

  // Saved, its detail opens.
  const sheet = await screen.findByRole('dialog', {}, SLOW);
  expect(await within(sheet).findByRole('heading', { name: ITEM }, SLOW)).toBeTruthy();
});

it('a manager edits an item from its detail, then takes it out of use', async () => {
  const created = await service
    .from('inventory_items')
    .insert({ name: EDITED, sku: EDITED_SKU, category: 'linen', unit: 'piece', pack_size: 10 })
    .select('id')
    .single();
  if (created.error) throw created.error;
  await renderRoute(`/inventory?item=${created.data.id}`, 'manager');
  const user = userEvent.setup();
  const sheet = await screen.findByRole('dialog', {}, SLOW);
  await within(sheet).findByRole('heading', { name: EDITED }, SLOW);
  await user.click(within(sheet).getByRole('button', { name: 'Edit' }));
  const edit = await screen.findByRole('form', { name: 'Edit item' }, SLOW);
  expect(value(edit, 'SKU')).toBe(EDITED_SKU);
  expect(value(edit, 'Pack size')).toBe('10');
  await user.clear(within(edit).getByLabelText('Name'));
  await user.type(within(edit).getByLabelText('Name'), `${EDITED} XL`);
  await user.clear(within(edit).getByLabelText('Pack size'));
  await user.type(within(edit).getByLabelText('Pack size'), '12');
  await user.click(within(edit).getByRole('button', { name: 'Save item' }));
  await waitFor(async () => {
    const [edited] = await itemBySku(EDITED_SKU);
    expect(edited).toMatchObject({ id: created.data.id, name: `${EDITED} XL`, pack_size: 12 });
  }, SLOW);

  // Taken out of use (never deleted): it leaves the items list and is found under "Items not in
  // use", whose detail puts it back.
  const again = await screen.findByRole('dialog', {}, SLOW);
  await within(again).findByRole('heading', { name: `${EDITED} XL` }, SLOW);
  await user.click(within(again).getByRole('button', { name: 'Edit' }));
  const off = await screen.findByRole('form', { name: 'Edit item' }, SLOW);
  await user.click(within(off).getByLabelText('In use'));
  await user.click(within(off).getByRole('button', { name: 'Save item' }));
  await waitFor(async () => expect((await itemBySku(EDITED_SKU))[0]?.active).toBe(false), SLOW);
  // The list again, as after a reload.
  cleanup();
  restartAt('/inventory');
  const list = await screen.findByTestId('inventory-items', {}, SLOW);
  await within(list).findByRole('button', { name: 'King duvet cover set' }, SLOW);
  expect(within(list).queryByRole('button', { name: `${EDITED} XL` })).toBeNull();
  await user.click(screen.getByText('Items not in use'));
  expect(
    await screen.findByRole('button', { name: `${EDITED} XL (${EDITED_SKU})` }, SLOW),
  ).toBeTruthy();
});

it('a manager creates a van with its technician and sees it on the locations screen', async () => {
  await renderRoute('/inventory', 'manager');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Locations' }, SLOW));
  const vans = await screen.findByRole('table', { name: 'Vans' }, SLOW);
  await within(vans).findByRole('button', { name: 'Van: Giorgos Markakis' }, SLOW);
  await user.click(screen.getByRole('button', { name: 'New van' }));
  const form = await screen.findByRole('form', { name: 'New van' });
  await user.click(within(form).getByRole('button', { name: 'Create' }));
  expect(await within(form).findByText('Enter the name')).toBeTruthy();
  expect(within(form).getByText('Choose the technician who drives it')).toBeTruthy();
  await user.type(within(form).getByLabelText('Name'), VAN);
  await within(form).findByRole('option', { name: 'Kostas Petrou' }, SLOW);
  await user.selectOptions(within(form).getByLabelText('Technician'), 'Kostas Petrou');
  await user.click(within(form).getByRole('button', { name: 'Create' }));

  const row = (await within(vans).findByRole('button', { name: VAN }, SLOW)).closest('tr');
  expect(row).toBeTruthy();
  expect(within(row as HTMLElement).getByText('Driven by Kostas Petrou')).toBeTruthy();
  const { data, error } = await service
    .from('inventory_locations')
    .select('id,kind,holder_id,active')
    .eq('name', VAN);
  if (error) throw error;
  expect(data).toEqual([
    expect.objectContaining({ kind: 'van', holder_id: TECHNICIAN, active: true }),
  ]);

  // Opened: its (empty) stock, and back to all locations.
  await user.click(within(vans).getByRole('button', { name: VAN }));
  expect(await screen.findByRole('heading', { name: VAN }, SLOW)).toBeTruthy();
  expect(await screen.findByText('Nothing is stocked here yet.', {}, SLOW)).toBeTruthy();
});

it('a warehouse opens with its stock lines, par levels and links to the items', async () => {
  await renderRoute(
    '/inventory?view=locations&location=c1710000-0000-4000-8000-000000000002',
    'manager',
  );
  const table = await screen.findByRole('table', { name: 'Stock at Paros store, Parikia' }, SLOW);
  const user = userEvent.setup();
  const towel = await within(table).findByRole('button', { name: 'Bath towel' }, SLOW);
  expect(within(table).getByRole('columnheader', { name: 'Par' })).toBeTruthy();
  await user.click(towel);
  const sheet = await screen.findByRole('dialog', {}, SLOW);
  expect(await within(sheet).findByRole('heading', { name: 'Bath towel' }, SLOW)).toBeTruthy();
});

it('finds a villa among the villas read a page at a time', async () => {
  await renderRoute('/inventory?view=locations', 'manager');
  const user = userEvent.setup();
  const villas = await screen.findByRole('table', { name: 'Villas' }, SLOW);
  await within(villas).findAllByRole('row', {}, SLOW);
  expect(await screen.findByText(/^Page 1 of \d+ · \d+ villas$/, {}, SLOW)).toBeTruthy();
  await user.type(screen.getByLabelText('Search villas'), 'Anemos');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await within(villas).findByRole('button', { name: 'Villa Anemos' }, SLOW);
  await waitFor(() => expect(within(villas).getAllByRole('row')).toHaveLength(2), SLOW);
  expect(screen.getByText('Page 1 of 1 · 1 villa')).toBeTruthy();
});

it('a housekeeper sees the locations but is offered no "New item" or "New van"', async () => {
  await renderRoute('/inventory?view=locations', 'housekeeper');
  const warehouses = await screen.findByRole('table', { name: 'Warehouses' }, SLOW);
  await within(warehouses).findByRole('button', { name: 'Paros store, Parikia' }, SLOW);
  expect(screen.queryByRole('button', { name: 'New item' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'New van' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'New warehouse' })).toBeNull();
  expect(within(warehouses).queryByRole('button', { name: /^Edit / })).toBeNull();
});
