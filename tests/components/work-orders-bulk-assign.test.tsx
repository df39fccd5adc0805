// Bulk assign on the manager's work-order list (/maintenance?view=list), rendered for real against
// the in-process backend: three work orders of a new villa, one already Kostas's, are ticked with
// "Select all on this page" (keyboard only) and assigned to Kostas: one transition per work order,
// with the version it was read at, so two are assigned and the third is refused, and the result
// says so with the reason (the toast's words, kept in the bar).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, signInAs } from './render-route';

afterEach(cleanup);

const KOSTAS = 'a11ce000-0000-4000-8000-000000000007';
let villaId = '';

afterAll(async () => {
  const supabase = await getSupabase();
  await supabase.from('properties').delete().eq('id', villaId);
});

it(
  'assigns the selected work orders one by one and reports the one refused, with why',
  { timeout: 120_000 },
  async () => {
    await signInAs('manager');
    const supabase = await getSupabase();
    const code = `BA-${Date.now().toString(36)}`.toUpperCase();
    const villa = await supabase
      .from('properties')
      .insert({ code, name: `Bulk Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
      .select('id')
      .single();
    if (villa.error) throw villa.error;
    villaId = villa.data.id;
    const titles = ['Door hinge squeaks', 'Pool light out', 'Kitchen tap drips'];
    const ids: string[] = [];
    for (const title of titles) {
      const id = crypto.randomUUID();
      const res = await supabase.from('work_orders').insert({ id, property_id: villaId, title });
      if (res.error) throw res.error;
      ids.push(id);
    }

    // One is Kostas's already: the server refuses to assign it to him again.
    const before = await supabase.rpc('transition_work_order', {
      work_order_id: ids[1]!,
      to_status: 'assigned',
      from_version: 1,
      assignee_id: KOSTAS,
    });
    if (before.error) throw before.error;

    await renderRoute(`/maintenance?view=list&villa=${villaId}`, 'manager');
    const list = await screen.findByTestId('work-order-list', {}, { timeout: 30_000 });
    await within(list).findByRole('article', { name: 'Kitchen tap drips' }, { timeout: 30_000 });
    expect(within(list).getAllByRole('article')).toHaveLength(3);

    const user = userEvent.setup();
    const bar = screen.getByRole('group', { name: 'Assign several' });
    const selectAll = within(bar).getByRole('checkbox', { name: 'Select all on this page' });
    selectAll.focus();
    await user.keyboard(' ');
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    for (const t of titles) {
      expect(
        (within(list).getByRole('checkbox', { name: `Select ${t}` }) as HTMLInputElement).checked,
      ).toBe(true);
    }
    await user.selectOptions(
      within(bar).getByRole('combobox', { name: 'Assign selected to' }),
      'Kostas Petrou',
    );
    within(bar).getByRole('button', { name: 'Assign 3 selected' }).focus();
    await user.keyboard('{Enter}');

    const result = within(bar).getByRole('status', { name: 'Last assignment' });
    await waitFor(
      () =>
        expect(result.textContent).toBe(
          '2 work orders assigned to Kostas Petrou; 1 refused (Pool light out: This work order is already assigned to them)',
        ),
      { timeout: 30_000 },
    );
    await waitFor(() => expect(within(bar).getByText('0 selected')).toBeTruthy());

    // Each assigned exactly once, from the version it was read at; the refused one is unchanged.
    const { data: rows, error } = await supabase
      .from('work_orders')
      .select('id,status,assignee_id,version')
      .eq('property_id', villaId);
    if (error) throw error;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)).toMatchObject({
      status: 'assigned',
      assignee_id: KOSTAS,
      version: 2,
    });
    expect(byId.get(ids[2]!)).toMatchObject({
      status: 'assigned',
      assignee_id: KOSTAS,
      version: 2,
    });
    expect(byId.get(ids[1]!)).toMatchObject({
      status: 'assigned',
      assignee_id: KOSTAS,
      version: 2,
    });
    const { data: activity } = await supabase
      .from('work_order_activity')
      .select('work_order_id')
      .in('work_order_id', ids)
      .eq('action', 'assigned');
    expect(activity?.filter((a) => a.work_order_id === ids[0]).length).toBe(1);
  },
);
