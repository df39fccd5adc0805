// A technician's work order offline (docs/maintenance.md, docs/offline.md), rendered for real
// against the in-process backend: opened once with signal, then the app starts again with the
// backend out of reach; "Start" is queued, shows at once and still shows when the list is read
// again from the device (the queued status move lies on top of the copy); back online it is
// applied exactly once, with the version it was made from.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { listEntries } from '@/offline/queue';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

const TECHNICIAN = 'a11ce000-0000-4000-8000-000000000004';

withOutages();

let villaId = '';

afterEach(() => {
  cleanup();
  backOnline();
});

afterAll(async () => {
  endOutages();
  await service.from('properties').update({ archived: true }).eq('id', villaId);
});

it(
  'a work order started with no connection shows as started, and is applied once online',
  { timeout: 120_000 },
  async () => {
    const code = `WO-OFF-${Date.now().toString(36)}`.toUpperCase();
    const villa = await service
      .from('properties')
      .insert({ code, name: `Offline Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
      .select('id')
      .single();
    if (villa.error) throw villa.error;
    villaId = villa.data.id;
    const id = crypto.randomUUID();
    const title = `Gate motor hums ${code}`;
    const made = await service.from('work_orders').insert({ id, property_id: villaId, title });
    if (made.error) throw made.error;
    const assigned = await service.rpc('transition_work_order', {
      work_order_id: id,
      to_status: 'assigned',
      from_version: 1,
      assignee_id: TECHNICIAN,
    });
    if (assigned.error) throw assigned.error;

    // Opened once with signal: the technician's queue keeps its copy on this device.
    const path = `/maintenance?view=mine&wo=${id}`;
    await renderRoute(path, 'technician');
    const sheet = await screen.findByRole('dialog', { name: title }, { timeout: 60_000 });
    await within(sheet).findByRole('button', { name: 'Start' });
    cleanup();

    // The app starts again with the backend out of reach.
    goOffline();
    restartAt(path);
    const offline = await screen.findByRole('dialog', { name: title }, { timeout: 30_000 });
    const user = userEvent.setup();
    await user.click(await within(offline).findByRole('button', { name: 'Start' }));
    await waitFor(async () => expect(await listEntries()).toHaveLength(1), { timeout: 30_000 });
    const [queued] = await listEntries();
    expect(queued!.target).toMatchObject({ kind: 'rpc', name: 'transition_work_order' });

    // Read again from the device: still started (the queued move lies on top of the copy).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 30_000 });
    await queryClient.refetchQueries({ queryKey: ['work-orders'] });
    // Both the sheet and the queue behind it (hidden from the accessibility tree by the sheet).
    const again = screen.getByRole('dialog', { name: title });
    expect(within(again).getAllByText('In progress').length).toBeGreaterThan(0);
    expect(within(again).queryByRole('button', { name: 'Start' })).toBeNull();
    const list = screen.getByTestId('work-order-list');
    const card = within(list).getByRole('article', { name: title, hidden: true });
    expect(within(card).getByText('In progress')).toBeTruthy();
    const stored = await service.from('work_orders').select('status').eq('id', id).single();
    expect(stored.data?.status).toBe('assigned');

    // Back online: sent once, with the version it was made from.
    act(() => backOnline());
    await waitFor(async () => expect(await listEntries()).toHaveLength(0), { timeout: 30_000 });
    const after = await service.from('work_orders').select('status, version').eq('id', id).single();
    expect(after.data).toEqual({ status: 'in_progress', version: 3 });
    const { data: applied, error } = await service
      .from('sync_mutations')
      .select('operation')
      .eq('mutation_id', queued!.mutationId);
    if (error) throw error;
    expect(applied).toHaveLength(1);
  },
);
