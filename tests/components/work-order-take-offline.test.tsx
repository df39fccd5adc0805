// A technician takes a work order with no connection (docs/maintenance.md "Taking a work order",
// docs/offline.md), rendered for real against the in-process backend: the take is queued and
// shows at once (take_work_order's `apply` lies on the copy); meanwhile the manager gives the work
// order to someone else; back online the take is refused, kept in the Sync Queue with who has it
// ("Already taken by <name>"), never dropped silently, and the screen shows the work order theirs.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { listEntries } from '@/offline/queue';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

const KOSTAS = 'a11ce000-0000-4000-8000-000000000007';

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
  'a take queued offline shows at once; replayed after someone else took it, it is refused in the queue',
  { timeout: 120_000 },
  async () => {
    const code = `WO-TAKE-${Date.now().toString(36)}`.toUpperCase();
    const villa = await service
      .from('properties')
      .insert({ code, name: `Take Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
      .select('id')
      .single();
    if (villa.error) throw villa.error;
    villaId = villa.data.id;
    const id = crypto.randomUUID();
    const title = `Shutter stuck ${code}`;
    const made = await service.from('work_orders').insert({ id, property_id: villaId, title });
    if (made.error) throw made.error;

    // Opened once with signal: the list keeps its copy on this device (newest first: the demo's
    // recurring work orders, due soon, come before it by urgency).
    const path = `/maintenance?view=list&sort=newest&wo=${id}`;
    await renderRoute(path, 'technician');
    const sheet = await screen.findByRole('dialog', { name: title }, { timeout: 60_000 });
    await within(sheet).findByRole('button', { name: 'Take this work order' });
    cleanup();

    // The app starts again with the backend out of reach; the technician takes it.
    goOffline();
    restartAt(path);
    const offline = await screen.findByRole('dialog', { name: title }, { timeout: 30_000 });
    const user = userEvent.setup();
    await user.click(await within(offline).findByRole('button', { name: 'Take this work order' }));
    await waitFor(async () => expect(await listEntries()).toHaveLength(1), { timeout: 30_000 });
    const [queued] = await listEntries();
    expect(queued!.target).toMatchObject({ kind: 'rpc', name: 'take_work_order' });

    // Read again from the device: taken (the queued take lies on top of the copy).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 30_000 });
    await queryClient.refetchQueries({ queryKey: ['work-orders'] });
    const again = screen.getByRole('dialog', { name: title });
    expect(within(again).getAllByText('Assigned').length).toBeGreaterThan(0);
    expect(within(again).queryByRole('button', { name: 'Take this work order' })).toBeNull();

    // Meanwhile the manager gives it to Kostas.
    const given = await service.rpc('transition_work_order', {
      work_order_id: id,
      to_status: 'assigned',
      from_version: 1,
      assignee_id: KOSTAS,
    });
    if (given.error) throw given.error;

    // Back online: the take is refused and stays in the queue, saying who has it.
    act(() => backOnline());
    await waitFor(
      async () => {
        const [entry] = await listEntries();
        expect(entry).toMatchObject({
          mutationId: queued!.mutationId,
          status: 'rejected',
          lastError: { status: 409, code: 'PT409', message: 'Already taken by Kostas Petrou' },
        });
      },
      { timeout: 30_000 },
    );
    const after = await service
      .from('work_orders')
      .select('status, assignee_id, version')
      .eq('id', id)
      .single();
    expect(after.data).toEqual({ status: 'assigned', assignee_id: KOSTAS, version: 2 });
    // The screen shows the server's truth (a refused call is not laid over reads).
    await queryClient.refetchQueries({ queryKey: ['work-orders'] });
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('dialog', { name: title })).getByText('Kostas Petrou'),
        ).toBeTruthy(),
      { timeout: 30_000 },
    );
  },
);
