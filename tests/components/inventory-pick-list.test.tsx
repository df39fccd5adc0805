// The pick list, /inventory?view=pick (docs/inventory.md "The pick list on the screens"), rendered
// for real against the in-process backend: a turnover booked for tomorrow (company day) at a villa
// of the test's own, whose cleaning type consumes two items of the test's own, gives its lines;
// "Create transfers" from the default source (the first warehouse) moves the stock (read back with
// the service role) and the list then shows the lines covered; a user without inventory.adjust
// sees the list but no create button; a villa below par is brought back to par (its line says so,
// and is covered once those transfers land); with no connection the screen says the list is read
// online.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { zonedInputToIso } from '@/lib/company-time';
import { getSupabase } from '@/lib/supabase-client';
import { addDays, companyTomorrow } from '@/features/inventory/pick-list';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

withOutages();

afterEach(() => {
  cleanup();
  backOnline();
});

const SLOW = { timeout: 30_000 };
/** "Paros store, Parikia": the first warehouse by name, the default source. */
const PAROS_STORE = 'c1710000-0000-4000-8000-000000000002';
/** Giorgos's van (the demo technician's): a manager may pick from any van. */
const VAN = 'c1710000-0000-4000-8000-000000000003';

const tag = Date.now().toString(36).toUpperCase();
const VILLA = `Pick test villa ${tag}`;
const TOWEL = `Pick towel ${tag}`; // 1 per guest: 3 guests
const SOAP = `Pick soap ${tag}`; // 1 per stay, packs of 6
let villaId = '';
let villaPlace = '';
let itemIds: string[] = [];
let userId = '';

const ok = <T,>(r: { data: T; error: unknown }): NonNullable<T> => {
  if (r.error) throw r.error;
  if (r.data === null || r.data === undefined) throw new Error('no answer');
  return r.data;
};

const onHand = async (itemId: string, locationId: string) => {
  const { data, error } = await service
    .from('inventory_stock')
    .select('on_hand')
    .eq('item_id', itemId)
    .eq('location_id', locationId)
    .maybeSingle();
  if (error) throw error;
  return Number(data?.on_hand ?? 0);
};

beforeAll(async () => {
  villaId = ok(
    await service
      .from('properties')
      .insert({
        code: `PK-${tag}`,
        name: VILLA,
        area: 'Oia, Santorini',
        bedrooms: 2,
        max_guests: 4,
      })
      .select('id')
      .single(),
  ).id;
  villaPlace = ok(
    await service.from('inventory_locations').select('id').eq('property_id', villaId).single(),
  ).id;
  const type = ok(
    await service
      .from('cleaning_types')
      .insert({ name: `Pick test ${tag}` })
      .select('id')
      .single(),
  ).id;
  const made = ok(
    await service
      .from('inventory_items')
      .insert([
        { name: TOWEL, sku: `PKT-${tag}`, category: 'linen', unit_cost: 3, pack_size: 1 },
        { name: SOAP, sku: `PKS-${tag}`, category: 'amenities', unit_cost: 1, pack_size: 6 },
      ])
      .select('id, name'),
  );
  const towel = made.find((i) => i.name === TOWEL);
  const soap = made.find((i) => i.name === SOAP);
  itemIds = [towel!.id, soap!.id];
  ok(
    await service
      .from('inventory_consumption')
      .insert([
        { cleaning_type_id: type, item_id: towel!.id, basis: 'per_guest', quantity: 1 },
        { cleaning_type_id: type, item_id: soap!.id, basis: 'per_stay', quantity: 1 },
      ])
      .select('id'),
  );
  // Three guests leave tomorrow (the company's day): the stay's turnover is tomorrow's clean.
  const tomorrow = companyTomorrow();
  const stay = ok(
    await service
      .from('reservations')
      .insert({
        property_id: villaId,
        guest_name: 'Pick Guest',
        guests: 3,
        check_in: zonedInputToIso(`${addDays(tomorrow, -3)}T15:00`),
        check_out: zonedInputToIso(`${tomorrow}T10:00`),
      })
      .select('id')
      .single(),
  ).id;
  ok(
    await service
      .from('cleaning_tasks')
      .update({ cleaning_type_id: type })
      .eq('turnover_for', stay)
      .select('id')
      .single(),
  );
  for (const item of itemIds)
    ok(
      await service.rpc('inventory_receive', {
        item_id: item,
        location_id: PAROS_STORE,
        quantity: 20,
      }),
    );
}, 120_000);

afterAll(async () => {
  endOutages();
  if (villaId) await service.from('properties').update({ archived: true }).eq('id', villaId);
  if (itemIds.length)
    await service.from('inventory_items').update({ active: false }).in('id', itemIds);
  if (userId) await service.auth.admin.deleteUser(userId);
});

const villaSection = async () => {
  const heading = await screen.findByRole('heading', { name: VILLA, level: 3 }, SLOW);
  return heading.closest('section') as HTMLElement;
};
const rowOf = (section: HTMLElement, item: string) =>
  within(section).getByRole('rowheader', { name: item }).closest('tr') as HTMLElement;

it(
  "makes tomorrow's turnover its lines, and turns them into transfers that cover it",
  { timeout: 120_000 },
  async () => {
    await renderRoute(`/inventory?view=pick&villa=${villaId}`, 'manager');
    const villa = await villaSection();
    expect(within(villa).getByText('1 clean · 2 items to bring')).toBeTruthy();
    expect(within(rowOf(villa, TOWEL)).getByText('3 piece')).toBeTruthy();
    expect(within(rowOf(villa, SOAP)).getByText('1 piece · 1 pack of 6')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tomorrow' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const total = screen.getByRole('heading', { name: 'In total' }).closest('section')!;
    expect(within(rowOf(total as HTMLElement, TOWEL)).getByText('3 piece')).toBeTruthy();

    // The first warehouse is the source by default.
    const source = screen.getByLabelText('Take from') as HTMLSelectElement;
    expect(source.value).toBe(PAROS_STORE);
    const user = userEvent.setup();

    // From a van that holds none of it: the server refuses (23514), the reason shows, and the
    // range, villa and source stay as chosen.
    await user.selectOptions(source, VAN);
    await user.click(screen.getByRole('button', { name: 'Create transfers' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create 2 transfers' }),
    );
    expect(
      await screen.findByText(/^The transfers were not made\. .*stock/i, {}, SLOW),
    ).toBeTruthy();
    expect((screen.getByLabelText('Take from') as HTMLSelectElement).value).toBe(VAN);
    expect((screen.getByLabelText('Villa') as HTMLSelectElement).value).toBe(villaId);
    expect(await onHand(itemIds[0]!, villaPlace)).toBe(0);

    await user.selectOptions(screen.getByLabelText('Take from'), PAROS_STORE);
    await user.click(screen.getByRole('button', { name: 'Create transfers' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('2 transfers from Paros store, Parikia to 1 villa, made at once.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 transfers' }));
    expect(await screen.findByText('2 transfers made to 1 villa', {}, SLOW)).toBeTruthy();

    const [towel, soap] = itemIds as [string, string];
    expect(await onHand(towel, villaPlace)).toBe(3);
    expect(await onHand(soap, villaPlace)).toBe(1);
    expect(await onHand(towel, PAROS_STORE)).toBe(17);
    const moves = ok(
      await service
        .from('inventory_movements')
        .select('kind, quantity, mutation_id')
        .in('item_id', itemIds)
        .eq('location_id', villaPlace),
    );
    expect(moves.map((m) => m.kind)).toEqual(['transfer_in', 'transfer_in']);
    // One call, one mutation id for every line.
    expect(new Set(moves.map((m) => m.mutation_id)).size).toBe(1);

    // The list refreshed: what the villa now holds above par covers both lines.
    await waitFor(
      () => expect(within(rowOf(villa, TOWEL)).getByText('Covered')).toBeTruthy(),
      SLOW,
    );
    expect(within(rowOf(villa, SOAP)).getByText('Covered')).toBeTruthy();
    expect(within(villa).getByText('1 clean · nothing to bring · 2 covered')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Create transfers' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  },
);

it('shows the list without "Create transfers" to a user without inventory.adjust', async () => {
  const email = `pick-viewer-${tag.toLowerCase()}@arivia.test`;
  const password = `pw-${tag}`;
  const made = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: 'Pick Viewer' },
  });
  if (made.error || !made.data.user) throw made.error ?? new Error('no user');
  userId = made.data.user.id;
  const manager = ok(await service.from('roles').select('id').eq('name', 'manager').single());
  ok(
    await service
      .from('user_roles')
      .insert({ user_id: userId, role_id: manager.id })
      .select('user_id'),
  );
  ok(
    await service
      .from('custom_permissions')
      .insert({ user_id: userId, permission_key: 'inventory.adjust', granted: false })
      .select('user_id'),
  );
  const supabase = await getSupabase();
  await supabase.auth.signOut({ scope: 'local' });
  const signedIn = await supabase.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;

  restartAt(`/inventory?view=pick&villa=${villaId}`);
  const villa = await villaSection();
  expect(within(villa).getByRole('columnheader', { name: 'To bring' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create transfers' })).toBeNull();
  expect(screen.queryByLabelText('Take from')).toBeNull();
});

it(
  'brings a villa below par back to par: the line says so, and is covered after its transfer',
  {
    timeout: 120_000,
  },
  async () => {
    // After the first test the villa holds 3 towels (par 0: all above par). A par of 5 leaves it 2
    // below par: the clean's 3 plus those 2 are to bring (above_par -2, shown as 0 with "Below par
    // by 2"), and once they land the villa holds 8, 3 above par: covered (docs/inventory.md
    // "Pick list").
    const [towel] = itemIds as [string, string];
    ok(
      await service.rpc('inventory_set_par', {
        item_id: towel,
        location_id: villaPlace,
        par_level: 5,
        reorder_threshold: 1,
      }),
    );
    await renderRoute(`/inventory?view=pick&villa=${villaId}`, 'manager');
    const villa = await villaSection();
    await waitFor(
      () => expect(within(rowOf(villa, TOWEL)).getByText('5 piece')).toBeTruthy(),
      SLOW,
    );
    expect(within(rowOf(villa, TOWEL)).getByText('Below par by 2')).toBeTruthy();
    expect(within(rowOf(villa, SOAP)).getByText('Covered')).toBeTruthy();
    expect(within(villa).getByText('1 clean · 1 item to bring · 1 covered')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create transfers' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create 1 transfer' }),
    );
    expect(await screen.findByText('1 transfer made to 1 villa', {}, SLOW)).toBeTruthy();
    expect(await onHand(towel, villaPlace)).toBe(8);
    await waitFor(
      () => expect(within(rowOf(villa, TOWEL)).getByText('Covered')).toBeTruthy(),
      SLOW,
    );
    expect(within(rowOf(villa, TOWEL)).queryByText(/Below par/)).toBeNull();
    expect(within(villa).getByText('1 clean · nothing to bring · 2 covered')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Create transfers' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  },
);

it('says the list is read online when there is no connection, and keeps the days', async () => {
  const path = `/inventory?view=pick&from=${companyTomorrow()}&villa=${villaId}`;
  await renderRoute(path, 'manager');
  await villaSection();
  cleanup();

  goOffline();
  restartAt(path);
  expect(
    await screen.findByText(
      'The pick list is read from the server: connect and try again.',
      {},
      SLOW,
    ),
  ).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Tomorrow' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
});
