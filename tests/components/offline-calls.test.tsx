// The resource layer's queued function calls and pruning (src/offline/calls.ts, resource.ts;
// docs/offline.md "Function calls" and "Pruning"), on the work orders' declared reads against the
// in-process backend, with the app's own queue and device copies: a queued transition_work_order
// lies over a read from the server and from the device exactly as its optimistic patch does; a
// read that got every row of its filter forgets the work orders the server no longer returns,
// except one with a write waiting; a page that did not hold them all forgets nothing.
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeEach, expect, inject, it, vi } from 'vitest';
import { getWorkOrderPage, workOrderKind } from '@/domain/work-orders/reads';
import { moveWorkOrder } from '@/domain/work-orders/transitions';
import type { WorkOrder } from '@/domain/work-orders/types';
import { getSupabase } from '@/lib/supabase-client';
import { addEntry, listEntries, removeEntry } from '@/offline/queue';
import { keptRowsOf } from '@/offline/resource';
import { updateRow, type Write } from '@/offline/write';
import { signInAs } from './render-route';

const TECHNICIAN = 'a11ce000-0000-4000-8000-000000000004';

const service = createClient(inject('apiUrl'), inject('serviceRoleKey'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

let userId = '';
let villaId = '';

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

/** Puts a write in the queue as queueWrite would, without sending it (it waits an hour). */
async function queued(w: Write) {
  await addEntry({
    method: w.method,
    url: `http://api.test${w.path}`,
    timestamp: Date.now(),
    mutationId: crypto.randomUUID(),
    userId,
    target: w.target,
    headers: w.headers,
    body: w.body,
    label: w.label,
    ...(w.values ? { values: w.values } : {}),
    attempts: 0,
    nextAttemptAt: Date.now() + 3_600_000,
    status: 'pending',
    lastError: null,
  });
}

async function emptyQueue() {
  for (const e of await listEntries()) await removeEntry(e.id!);
}

/** Two new work orders of a new villa, made by the office. */
async function twoWorkOrders(): Promise<[string, string]> {
  const code = `WO-CALL-${Date.now().toString(36)}`.toUpperCase();
  const villa = await service
    .from('properties')
    .insert({ code, name: `Calls Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
    .select('id')
    .single();
  if (villa.error) throw villa.error;
  villaId = villa.data.id;
  const ids: [string, string] = [crypto.randomUUID(), crypto.randomUUID()];
  const made = await service
    .from('work_orders')
    .insert(ids.map((id, i) => ({ id, property_id: villaId, title: `Leak ${i + 1} ${code}` })));
  if (made.error) throw made.error;
  return ids;
}

const byId = (rows: WorkOrder[], id: string) => rows.find((w) => w.id === id);

/** The list filtered to the test's villa: one page of `size`. */
const getWorkOrders = (size = 50) =>
  getWorkOrderPage({
    status: '',
    priority: '',
    villa: villaId,
    assignee: '',
    category: '',
    flag: '',
    sort: 'newest',
    page: 1,
    size,
  });

beforeEach(async () => {
  setOnline(true);
  await signInAs('manager');
  userId = (await (await getSupabase()).auth.getUser()).data.user!.id;
  await emptyQueue();
});

afterEach(async () => {
  setOnline(true);
  await emptyQueue();
});

afterAll(async () => {
  if (villaId) await service.from('properties').update({ archived: true }).eq('id', villaId);
});

it(
  'a queued transition lies over a read from the server and from the device as its patch did',
  { timeout: 60_000 },
  async () => {
    const [id] = await twoWorkOrders();
    const read = byId((await getWorkOrders()).rows, id)!;
    expect(read).toMatchObject({ status: 'open', version: 1, assignee_id: null });

    const move = moveWorkOrder(read, 'assigned', { assigneeId: TECHNICIAN });
    const patched = move.patch(read);
    expect(patched).toMatchObject({ status: 'assigned', version: 2, assignee_id: TECHNICIAN });
    await queued(move.write);

    const online = await getWorkOrders();
    expect(online.fromDevice).toBe(false);
    expect(byId(online.rows, id)).toEqual(patched);

    setOnline(false);
    const offline = await getWorkOrders();
    expect(offline.fromDevice).toBe(true);
    expect(byId(offline.rows, id)).toEqual(patched);
  },
);

it(
  'a read of all its filter takes forgets the rows the server no longer returns, never one with a write waiting',
  { timeout: 60_000 },
  async () => {
    const [gone, waiting] = await twoWorkOrders();
    await getWorkOrders();
    await vi.waitFor(async () => {
      const kept = (await keptRowsOf(workOrderKind, villaId)).map((w) => w.id).sort();
      expect(kept).toEqual([gone, waiting].sort());
    });

    await queued(updateRow('work_orders', waiting, { priority: 'high' }, 'Leak: edit'));
    const deleted = await service.from('work_orders').delete().in('id', [gone, waiting]);
    if (deleted.error) throw deleted.error;

    const after = await getWorkOrders();
    expect(byId(after.rows, gone)).toBeUndefined();
    await vi.waitFor(async () => {
      const kept = (await keptRowsOf(workOrderKind, villaId)).map((w) => w.id);
      expect(kept).toEqual([waiting]);
    });
  },
);

it(
  'a page that did not hold every row of its filter forgets nothing',
  { timeout: 60_000 },
  async () => {
    const ids = await twoWorkOrders();
    const first = await getWorkOrders(1);
    expect(first).toMatchObject({ total: 2, fromDevice: false });
    expect(first.rows).toHaveLength(1);
    await getWorkOrders();
    await vi.waitFor(async () => {
      const kept = (await keptRowsOf(workOrderKind, villaId)).map((w) => w.id).sort();
      expect(kept).toEqual([...ids].sort());
    });

    const deleted = await service.from('work_orders').delete().in('id', ids);
    if (deleted.error) throw deleted.error;
    // Two others take their place: a page of one of them is not all the villa's work orders.
    const made = await service
      .from('work_orders')
      .insert([0, 1].map((i) => ({ property_id: villaId, title: `Drip ${i}` })))
      .select('id');
    if (made.error) throw made.error;
    const partial = await getWorkOrders(1);
    expect(partial.total).toBe(2);
    // The copy is saved after the read answers (best effort): once the page's row is kept, the
    // save (and any prune it made) is done, and the rows it did not see are still there.
    const shown = partial.rows[0]!.id;
    expect(made.data.map((w) => w.id)).toContain(shown);
    await vi.waitFor(async () => {
      const kept = (await keptRowsOf(workOrderKind, villaId)).map((w) => w.id);
      expect(kept).toContain(shown);
    });
    const kept = (await keptRowsOf(workOrderKind, villaId)).map((w) => w.id);
    for (const id of ids) expect(kept).toContain(id);
  },
);
