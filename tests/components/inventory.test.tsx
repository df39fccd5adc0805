// The inventory screen (/inventory) rendered for real against the in-process backend and its demo
// data (supabase/seeds/60_inventory.sql): the items list, the low-stock filter, the receive form's
// messages (what was typed stays), and who is offered "Receive delivery".
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, signInAs } from './render-route';

afterEach(cleanup);

const SLOW = { timeout: 20_000 };
const SANTORINI_STORE = 'c1710000-0000-4000-8000-000000000001';
/** Face cloth (seed item 9): made low at the Santorini store by the low-stock test. */
const FACE_CLOTH = 'c1700000-0000-4000-8000-000000000009';
/** Fuse 16 A (seed item 60): made low nowhere by the low-stock test. */
const FUSE = 'c1700000-0000-4000-8000-000000000060';

const itemList = () => screen.findByTestId('inventory-items', {}, SLOW);

it('lists the demo items with what each holds, and finds one by SKU or barcode', async () => {
  await renderRoute('/inventory', 'manager');
  const list = await itemList();
  expect(
    await within(list).findByRole('button', { name: 'King duvet cover set' }, SLOW),
  ).toBeTruthy();
  expect(within(list).getByRole('button', { name: 'Shampoo 30 ml' })).toBeTruthy();
  expect(screen.getByText(/^\d+ items$/)).toBeTruthy();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Search'), 'LIN-KDC');
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  expect(within(list).getByRole('button', { name: 'King duvet cover set' })).toBeTruthy();
});

it('shows only the items low somewhere with the low-stock filter', async () => {
  // The face cloth made low at the Santorini store (a threshold above what it holds there), the
  // 16 A fuse low nowhere (no par or threshold where it was low).
  await signInAs('manager');
  const supabase = await getSupabase();
  const { data: stock, error } = await supabase
    .from('inventory_stock')
    .select('on_hand')
    .eq('item_id', FACE_CLOTH)
    .eq('location_id', SANTORINI_STORE)
    .maybeSingle();
  if (error) throw error;
  const onHand = stock?.on_hand ?? 0;
  const { data: fuseLow, error: lowError } = await supabase
    .from('inventory_low_stock')
    .select('location_id')
    .eq('item_id', FUSE);
  if (lowError) throw lowError;
  for (const [item, location, par, threshold] of [
    [FACE_CLOTH, SANTORINI_STORE, onHand + 100, onHand + 10] as const,
    ...(fuseLow ?? []).map((l) => [FUSE, l.location_id ?? '', 0, 0] as const),
  ]) {
    const { error: parError } = await supabase.rpc('inventory_set_par', {
      item_id: item,
      location_id: location,
      par_level: par,
      reorder_threshold: threshold,
    });
    if (parError) throw parError;
  }
  await renderRoute('/inventory', 'manager');
  const list = await itemList();
  await within(list).findByRole('button', { name: 'Fuse 16 A' }, SLOW);
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Low stock only'));
  await waitFor(() => expect(within(list).queryByRole('button', { name: 'Fuse 16 A' })).toBeNull());
  expect(within(list).getByRole('button', { name: 'Face cloth' })).toBeTruthy();
  for (const row of within(list).getAllByRole('listitem'))
    expect(within(row).getByText(/^Low at \d+ places?$/)).toBeTruthy();
});

it('receive: says what is missing or wrong under each field and keeps what was typed', async () => {
  await renderRoute('/inventory?view=receive', 'manager');
  const form = await screen.findByRole('form', { name: 'Receive a delivery' }, SLOW);
  const user = userEvent.setup();
  await user.click(within(form).getByRole('button', { name: 'Receive' }));
  expect(await within(form).findByText('Choose the item')).toBeTruthy();
  expect(within(form).getByText('Enter the quantity')).toBeTruthy();
  await within(form).findByRole('option', { name: 'Bath towel (LIN-BTH)' }, SLOW);
  await user.selectOptions(within(form).getByLabelText('Item'), 'Bath towel (LIN-BTH)');
  await user.type(within(form).getByLabelText('Quantity'), '-4');
  await user.type(within(form).getByLabelText('Note'), 'Delivery note 118');
  await user.click(within(form).getByRole('button', { name: 'Receive' }));
  expect(await within(form).findByText('The quantity must be more than 0')).toBeTruthy();
  expect(within(form).queryByText('Choose the item')).toBeNull();
  expect((within(form).getByLabelText('Quantity') as HTMLInputElement).value).toBe('-4');
  expect((within(form).getByLabelText('Note') as HTMLInputElement).value).toBe('Delivery note 118');
});

it('offers a housekeeper the transfer but not "Receive delivery"', async () => {
  await renderRoute('/inventory', 'housekeeper');
  const list = await itemList();
  await within(list).findByRole('button', { name: 'King duvet cover set' }, SLOW);
  expect(screen.getByRole('button', { name: 'Transfer' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Receive delivery' })).toBeNull();
});
