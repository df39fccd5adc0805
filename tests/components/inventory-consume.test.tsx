// A finished clean's "What this clean used" (docs/inventory.md "Consumption"), rendered for real
// against the in-process backend: the housekeeper records it in one tap, pre-filled from the
// cleaning type's rules, and it is recorded once: after a reload the section shows what was
// recorded instead of asking again, with no connection too (from the queue), and a use recorded
// offline lands once.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { zonedDay } from '@/lib/company-time';
import { listEntries } from '@/offline/queue';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

const MARIA = 'a11ce000-0000-4000-8000-000000000003';
const WAREHOUSE = 'c1710000-0000-4000-8000-000000000001';

withOutages();

const villaIds: string[] = [];

afterEach(() => {
  cleanup();
  backOnline();
});

afterAll(async () => {
  endOutages();
  for (const id of villaIds)
    await service.from('properties').update({ archived: true }).eq('id', id);
});

const ok = <T,>(r: { data: T; error: unknown }): NonNullable<T> => {
  if (r.error) throw r.error;
  if (r.data === null || r.data === undefined) throw new Error('no answer');
  return r.data;
};

/** A two-bedroom villa of its own, stocked from the warehouse, with a deep clean Maria finished. */
async function finishedClean() {
  const code =
    `CU-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const villa = ok(
    await service
      .from('properties')
      .insert({ code, name: `Use ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
      .select('id')
      .single(),
  );
  villaIds.push(villa.id);
  const location = ok(
    await service.from('inventory_locations').select('id').eq('property_id', villa.id).single(),
  );
  const type = ok(
    await service.from('cleaning_types').select('id').eq('code', 'deep_clean').single(),
  );
  const rules = ok(
    await service.from('inventory_consumption').select('item_id').eq('cleaning_type_id', type.id),
  );
  for (const r of rules) {
    ok(
      await service.rpc('inventory_receive', {
        item_id: r.item_id,
        location_id: WAREHOUSE,
        quantity: 10,
      }),
    );
    ok(
      await service.rpc('inventory_transfer', {
        item_id: r.item_id,
        from_location_id: WAREHOUSE,
        to_location_id: location.id,
        quantity: 10,
      }),
    );
  }
  const day = zonedDay(new Date().toISOString());
  const clean = ok(
    await service
      .from('cleaning_tasks')
      .insert({
        property_id: villa.id,
        cleaning_type_id: type.id,
        window_start: `${day}T06:00:00Z`,
        due_at: `${day}T20:00:00Z`,
        estimated_minutes: 120,
      })
      .select('id')
      .single(),
  );
  ok(
    await service
      .from('cleaning_task_assignees')
      .insert({ task_id: clean.id, user_id: MARIA })
      .select(),
  );
  ok(
    await service
      .from('cleaning_tasks')
      .update({
        status: 'done',
        started_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      })
      .eq('id', clean.id)
      .select(),
  );
  return { id: clean.id, items: rules.length };
}

/** The clean's consume movements on the server. */
const usesOf = async (cleanId: string) =>
  ok(
    await service
      .from('inventory_movements')
      .select('item_id,quantity')
      .eq('clean_id', cleanId)
      .eq('kind', 'consume'),
  );

const section = () =>
  screen.findByRole('region', { name: 'What this clean used' }, { timeout: 30_000 });

it(
  'records a clean’s use once, and shows it after a reload instead of asking again',
  { timeout: 120_000 },
  async () => {
    const clean = await finishedClean();
    await renderRoute(`/housekeeping/cleans/${clean.id}`, 'housekeeper');
    const user = userEvent.setup();
    const used = await section();
    // Pre-filled from the deep clean's rules, one editable quantity per item.
    expect(within(used).getAllByRole('spinbutton')).toHaveLength(clean.items);
    await user.click(within(used).getByRole('button', { name: 'Record what was used' }));
    expect(
      await within(used).findByText(
        "Recorded: the villa's stock is updated.",
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    await waitFor(async () => expect(await usesOf(clean.id)).toHaveLength(clean.items), {
      timeout: 30_000,
    });

    // A reload: what was recorded is shown, not asked again.
    cleanup();
    restartAt(`/housekeeping/cleans/${clean.id}`);
    const again = await section();
    expect(await within(again).findByText("Recorded: the villa's stock is updated.")).toBeTruthy();
    expect(within(again).queryByRole('button', { name: 'Record what was used' })).toBeNull();
    expect(within(again).getAllByRole('listitem')).toHaveLength(clean.items);
    expect(await usesOf(clean.id)).toHaveLength(clean.items);
  },
);

it(
  'a use recorded with no connection is shown as waiting, not asked again, and lands once',
  { timeout: 120_000 },
  async () => {
    const clean = await finishedClean();
    // Opened once with signal: the rules and the villa's place are kept on this device.
    await renderRoute(`/housekeeping/cleans/${clean.id}`, 'housekeeper');
    await section();
    cleanup();

    goOffline();
    restartAt(`/housekeeping/cleans/${clean.id}`);
    const user = userEvent.setup();
    const used = await section();
    await user.click(within(used).getByRole('button', { name: 'Record what was used' }));
    expect(
      await within(used).findByText(
        'Recorded on this phone: it is sent when there is signal.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    await waitFor(async () => expect(await listEntries()).toHaveLength(clean.items));

    // Started again, still offline: shown from the queue, not asked again.
    cleanup();
    restartAt(`/housekeeping/cleans/${clean.id}`);
    const kept = await section();
    expect(
      await within(kept).findByText('Recorded on this phone: it is sent when there is signal.'),
    ).toBeTruthy();
    expect(within(kept).queryByRole('button', { name: 'Record what was used' })).toBeNull();

    act(() => backOnline());
    await waitFor(async () => expect(await listEntries()).toHaveLength(0), { timeout: 30_000 });
    const uses = await usesOf(clean.id);
    expect(uses).toHaveLength(clean.items);
    expect(new Set(uses.map((u) => u.item_id)).size).toBe(clean.items);
  },
);
