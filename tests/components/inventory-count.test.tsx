// Count mode offline (docs/inventory.md "Count mode"), rendered for real against the in-process
// backend: a technician opens /inventory?view=count once with signal (his van is chosen, its items kept
// on this device), then the app starts again with the backend out of reach; he types a count and
// a barcode adds one, the app starts again and the count in progress is still there, "Save count"
// queues one inventory_count. Meanwhile the office consumes one at
// the van. Back online the count lands once, as the truth as of the moment it was counted: what
// was consumed after it still counts.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { listEntries } from '@/offline/queue';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

const WAREHOUSE = 'c1710000-0000-4000-8000-000000000001';
const VAN = 'c1710000-0000-4000-8000-000000000003'; // the demo technician's

withOutages();

let itemId = '';
const MARIA = 'a11ce000-0000-4000-8000-000000000003'; // the demo housekeeper
const made: { items: string[]; villas: string[] } = { items: [], villas: [] };

afterEach(() => {
  cleanup();
  backOnline();
});

afterAll(async () => {
  endOutages();
  if (itemId) await service.from('inventory_items').update({ active: false }).eq('id', itemId);
  await service.from('inventory_items').update({ active: false }).in('id', made.items);
  await service.from('properties').update({ archived: true }).in('id', made.villas);
});

const ok = <T,>(r: { data: T; error: unknown }): NonNullable<T> => {
  if (r.error) throw r.error;
  if (r.data === null || r.data === undefined) throw new Error('no answer');
  return r.data;
};

it(
  'a van counted with no connection lands once, as the truth when counted',
  { timeout: 120_000 },
  async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const name = `Count test fuse ${tag}`;
    const barcode = `590${Date.now()}`.slice(0, 13);
    itemId = ok(
      await service
        .from('inventory_items')
        .insert({ name, sku: `CNT-${tag}`, barcode, category: 'spare_parts', unit_cost: 2 })
        .select('id')
        .single(),
    ).id;
    ok(
      await service.rpc('inventory_receive', {
        item_id: itemId,
        location_id: WAREHOUSE,
        quantity: 10,
      }),
    );
    ok(
      await service.rpc('inventory_transfer', {
        item_id: itemId,
        from_location_id: WAREHOUSE,
        to_location_id: VAN,
        quantity: 5,
      }),
    );

    // Opened once with signal: his van is chosen and its items are kept on this device.
    await renderRoute('/inventory?view=count', 'technician');
    const online = await screen.findByRole('listitem', { name }, { timeout: 60_000 });
    expect(within(online).getByText('On the books: 5 piece')).toBeTruthy();
    cleanup();

    goOffline();
    restartAt('/inventory?view=count');
    const user = userEvent.setup();
    const line = await screen.findByRole('listitem', { name }, { timeout: 30_000 });
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe(VAN);
    await user.type(within(line).getByLabelText(`Counted: ${name}`), '3');
    // A typed barcode (the camera's fallback) counts one more.
    await user.type(screen.getByLabelText('Barcode, SKU or name'), `${barcode}{Enter}`);
    expect(await screen.findByText(`${name}: one more`)).toBeTruthy();
    const again = screen.getByRole('listitem', { name });
    expect((within(again).getByLabelText(`Counted: ${name}`) as HTMLInputElement).value).toBe('4');

    // The app closed and opened again before saving: the count in progress is still there.
    cleanup();
    restartAt('/inventory?view=count');
    const kept = await screen.findByRole('listitem', { name }, { timeout: 30_000 });
    expect((within(kept).getByLabelText(`Counted: ${name}`) as HTMLInputElement).value).toBe('4');
    await user.click(screen.getByRole('button', { name: 'Save count (1 item)' }));
    await waitFor(async () => expect(await listEntries()).toHaveLength(1), { timeout: 30_000 });
    // Saved (queued): the count in progress is done with.
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('listitem', { name })).getByLabelText(
            `Counted: ${name}`,
          ) as HTMLInputElement
        ).value,
      ).toBe(''),
    );
    // While it waits, the books on this device say what was counted (the count's overlay).
    expect(
      await within(screen.getByRole('listitem', { name })).findByText('On the books: 4 piece'),
    ).toBeTruthy();
    const [queued] = await listEntries();
    expect(queued!.target).toMatchObject({ kind: 'rpc', name: 'inventory_count' });
    expect(queued!.values).toMatchObject({
      item_id: itemId,
      location_id: VAN,
      counted_quantity: 4,
    });

    // After the count, before it lands: the office records one used at the van.
    await new Promise((r) => setTimeout(r, 20));
    ok(
      await service.rpc('inventory_consume', {
        item_id: itemId,
        location_id: VAN,
        quantity: 1,
      }),
    );

    act(() => backOnline());
    await waitFor(async () => expect(await listEntries()).toHaveLength(0), { timeout: 30_000 });
    const stock = ok(
      await service
        .from('inventory_stock')
        .select('on_hand')
        .eq('item_id', itemId)
        .eq('location_id', VAN)
        .single(),
    );
    // 4 on the shelf when counted, 1 used since: 3 (not 4, which would undo the use).
    expect(Number(stock.on_hand)).toBe(3);
    const counts = ok(
      await service
        .from('inventory_movements')
        .select('kind, quantity, counted_quantity')
        .eq('item_id', itemId)
        .eq('location_id', VAN)
        .eq('kind', 'count'),
    );
    expect(counts).toHaveLength(1);
    expect(Number(counts[0]!.counted_quantity)).toBe(4);
  },
);

it(
  'a villa of her day she never counted with signal: My route kept its stock, counted offline',
  { timeout: 120_000 },
  async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const villa = ok(
      await service
        .from('properties')
        .insert({ code: `CNTD-${tag}`, name: `Count day ${tag}`, area: 'Test Bay, Milos' })
        .select('id')
        .single(),
    ).id;
    made.villas.push(villa);
    const place = ok(
      await service.from('inventory_locations').select('id').eq('property_id', villa).single(),
    ).id;
    const type = ok(
      await service.from('cleaning_types').select('id').eq('code', 'deep_clean').single(),
    ).id;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(new Date());
    const clean = ok(
      await service
        .from('cleaning_tasks')
        .insert({
          property_id: villa,
          cleaning_type_id: type,
          window_start: `${day}T06:00:00Z`,
          due_at: `${day}T20:00:00Z`,
          estimated_minutes: 90,
        })
        .select('id')
        .single(),
    ).id;
    ok(
      await service
        .from('cleaning_task_assignees')
        .insert({ task_id: clean, user_id: MARIA })
        .select('task_id'),
    );
    const name = `Count day soap ${tag}`;
    const item = ok(
      await service
        .from('inventory_items')
        .insert({ name, sku: `CND-${tag}`, category: 'amenities', unit_cost: 1 })
        .select('id')
        .single(),
    ).id;
    made.items.push(item);
    ok(
      await service.rpc('inventory_receive', {
        item_id: item,
        location_id: WAREHOUSE,
        quantity: 9,
      }),
    );
    ok(
      await service.rpc('inventory_transfer', {
        item_id: item,
        from_location_id: WAREHOUSE,
        to_location_id: place,
        quantity: 4,
      }),
    );

    // She opens My route with signal (never the inventory): the day is made ready for offline.
    await renderRoute('/housekeeping', 'housekeeper');
    await screen.findByText(/Ready for offline: \d+ cleans?, updated/, {}, { timeout: 60_000 });
    cleanup();

    // No signal in the villa: its count shows what it holds, from this device.
    goOffline();
    restartAt(`/inventory?view=count&villa=${villa}`);
    const line = await screen.findByRole('listitem', { name }, { timeout: 30_000 });
    expect(within(line).getByText('On the books: 4 piece')).toBeTruthy();
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe(place);
  },
);
