// Inventory soak (issue 30; run by bench/offline.ts after the checklist soak): a housekeeper's
// counts and a clean's uses made offline on the production build in Chromium, through the app's own
// sync queue, across many offline / online cycles with the villa soak's fault plan
// (bench/offline-faults.ts); then the server's ledger is checked against a model.
//
// Signed in as the demo housekeeper through /auth, with the service worker controlling the page.
// One villa of the soak's own with five items on its shelves. Each cycle, with no signal, she
// records what two cleans of hers used (inventory_consume with the clean's deterministic key, as
// src/domain/inventory/consume.ts `cleanUseKey` makes it, so a second tap is one use), taps again
// one use of the last cycle (the same key: it must not take stock twice), and counts one item
// (inventory_count, `occurred_at` the moment she counted). Meanwhile the manager, online, moves
// stock into the villa twice: once before her count (the count absorbs it) and once after (it
// stays on top of the count: docs/inventory.md "Count mode"). On reconnect the queue drains
// through the fault plan.
//
// Checked afterwards: every write's movement exists once (by its X-Mutation-Id), each clean's use
// of an item once, each item's on-hand at the villa equals the model's (counts as the truth at
// their moment, every movement after them on top) and equals the sum of its movements.
import { createHash } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { prng } from '../scripts/prng.mjs';
import { percentile } from './load.ts';
import { FaultInjector, int } from './offline-faults.ts';
import {
  entries,
  PUBLISHABLE,
  rpcWrite,
  serviceApi,
  signIn,
  signInPage,
  waitDrained,
} from './soak-support.ts';

const HOUSEKEEPER = 'housekeeper@arivia.local';
const MANAGER = 'manager@arivia.local';
const WAREHOUSE = 'c1710000-0000-4000-8000-000000000001'; // the demo seed's first warehouse
const ITEMS = 5;
const START = 200;

/** The same key as the app's cleanUseKey (src/domain/inventory/consume.ts). */
function cleanUseKey(cleanId: string, itemId: string): string {
  const hash = createHash('sha256')
    .update(`inventory_consume:clean:${cleanId}:${itemId}`)
    .digest()
    .subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Write = ReturnType<typeof rpcWrite>;
/** One change to an item's stock at the villa, as the model sees it. */
type Event = { item: string; at: string } & ({ delta: number } | { counted: number });
interface Tracked {
  kind: 'use' | 'retap' | 'count' | 'manager';
  mutationId: string;
  item: string;
}

export interface InventorySoakOptions {
  browser: Browser;
  origin: string;
  seed: number;
  cycles: number;
  drainTimeoutMs: number;
}

export interface InventorySoakResult {
  ok: boolean;
  lines: string[];
  json: Record<string, unknown>;
}

async function queue(page: Page, writes: Write[], userId: string): Promise<void> {
  await page.evaluate(
    async ({ writes, userId }) => {
      // One call per tap, as the screens make them.
      for (const w of writes) await window.__ariviaBench!.queueWrites([w], { userId, waitMs: 50 });
    },
    { writes, userId },
  );
}

/** The manager's transfer from the warehouse into the villa, made online at once. */
async function managerTransfer(
  origin: string,
  token: string,
  body: Record<string, unknown>,
  mutationId: string,
): Promise<void> {
  const res = await fetch(`${origin}/rest/v1/rpc/inventory_transfer`, {
    method: 'POST',
    headers: {
      apikey: PUBLISHABLE,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-Mutation-Id': mutationId,
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`manager transfer: ${res.status} ${await res.text()}`);
}

export async function inventorySoak(o: InventorySoakOptions): Promise<InventorySoakResult> {
  const { svc } = serviceApi(o.origin);
  const rng = prng(o.seed * 11 + 30);
  const fx = new FaultInjector();
  const RUN = `${o.seed.toString(36)}${Date.now().toString(36)}`.toUpperCase().slice(-6);
  const housekeeper = await signIn(o.origin, HOUSEKEEPER);
  const manager = await signIn(o.origin, MANAGER);

  // The villa, its location, the items, and stock on its shelves.
  const code = `ISOAK-${RUN}`;
  const [villa] = await svc<{ id: string }[]>('POST', 'properties', {
    code,
    name: `${code} Inventory soak villa`,
    area: 'Soak Bay, Milos',
    bedrooms: 3,
  });
  const [place] = await svc<{ id: string }[]>(
    'GET',
    `inventory_locations?select=id&property_id=eq.${villa!.id}`,
  );
  const location = place!.id;
  const items: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const [item] = await svc<{ id: string }[]>('POST', 'inventory_items', {
      name: `Soak amenity ${RUN} ${i}`,
      sku: `ISOAK-${RUN}-${i}`,
      category: 'amenities',
      unit_cost: 1.5,
    });
    items.push(item!.id);
  }
  const events: Event[] = [];
  const tracked: Tracked[] = [];
  const transfer = async (item: string, quantity: number, from: string, to: string) => {
    const at = new Date().toISOString();
    const mutationId = crypto.randomUUID();
    await managerTransfer(
      o.origin,
      manager.token,
      { item_id: item, from_location_id: from, to_location_id: to, quantity, occurred_at: at },
      mutationId,
    );
    return { at, mutationId };
  };
  for (const item of items) {
    const receive = await fetch(`${o.origin}/rest/v1/rpc/inventory_receive`, {
      method: 'POST',
      headers: {
        apikey: PUBLISHABLE,
        Authorization: `Bearer ${manager.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ item_id: item, location_id: WAREHOUSE, quantity: 100000 }),
    });
    if (!receive.ok) throw new Error(`receive: ${receive.status} ${await receive.text()}`);
    const { at } = await transfer(item, START, WAREHOUSE, location);
    events.push({ item, at, delta: START });
  }
  const [type] = await svc<{ id: string }[]>('GET', 'cleaning_types?select=id&code=eq.turnover');
  /** Her clean at the villa, on its own day years ahead. */
  async function makeClean(n: number): Promise<string> {
    const day = new Date(Date.UTC(2041, 0, 1 + n)).toISOString().slice(0, 10);
    const [t] = await svc<{ id: string }[]>('POST', 'cleaning_tasks', {
      property_id: villa!.id,
      cleaning_type_id: type!.id,
      window_start: `${day}T08:00:00Z`,
      due_at: `${day}T14:00:00Z`,
      estimated_minutes: 120,
      inspection_required: false,
    });
    await svc('POST', 'cleaning_task_assignees', { task_id: t!.id, user_id: housekeeper.userId });
    return t!.id;
  }

  // The page, signed in as her.
  const context = await o.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => {
    (globalThis as { __name?: unknown }).__name = (f: unknown) => f;
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn('[page error]', e.message));
  await signInPage(page, o.origin, HOUSEKEEPER);
  await page.waitForFunction(() => window.__ariviaBench !== undefined, undefined, {
    timeout: 60_000,
  });
  await context.route(/\/(rest|storage)\/v1\//, fx.onRequest);

  const cycleLog: {
    cycle: number;
    writes: number;
    faults: number;
    drainMs: number;
    drained: boolean;
  }[] = [];
  let lastUse: Write | null = null;
  for (let cycle = 0; cycle < o.cycles; cycle++) {
    const writes: Write[] = [];
    await context.setOffline(true);
    // What two cleans used, tapped one item after another.
    for (let c = 0; c < 2; c++) {
      const clean = await makeClean(cycle * 2 + c);
      for (const item of [items[(cycle + c) % ITEMS]!, items[(cycle + c + 2) % ITEMS]!]) {
        const quantity = int(rng, 1, 3);
        const at = new Date().toISOString();
        const mutationId = cleanUseKey(clean, item);
        const body = {
          item_id: item,
          location_id: location,
          quantity,
          clean_id: clean,
          occurred_at: at,
        };
        const use = rpcWrite(
          'inventory_consume',
          body,
          `Used ${quantity} (${cycle})`,
          item,
          mutationId,
        );
        writes.push(use);
        tracked.push({ kind: 'use', mutationId, item });
        events.push({ item, at, delta: -quantity });
      }
    }
    const latest = writes.at(-1)!;
    // The last cycle's last use, tapped again (a second visit): the same key, no second use.
    if (lastUse) {
      writes.push({ ...lastUse, label: `${lastUse.label}, again (${cycle})` });
      tracked.push({ kind: 'retap', mutationId: lastUse.mutationId!, item: lastUse.target.rowId });
    }
    lastUse = latest;
    await queue(page, writes, housekeeper.userId);
    // The manager moves stock in before her count...
    const counted = items[cycle % ITEMS]!;
    const before = await transfer(counted, 5, WAREHOUSE, location);
    events.push({ item: counted, at: before.at, delta: 5 });
    tracked.push({ kind: 'manager', mutationId: before.mutationId, item: counted });
    // ...she counts the shelf...
    const quantity = int(rng, 20, 80);
    const countAt = new Date().toISOString();
    const countId = crypto.randomUUID();
    const countWrite = rpcWrite(
      'inventory_count',
      { item_id: counted, location_id: location, counted_quantity: quantity, occurred_at: countAt },
      `Counted ${quantity} (${cycle})`,
      counted,
      countId,
    );
    await queue(page, [countWrite], housekeeper.userId);
    events.push({ item: counted, at: countAt, counted: quantity });
    // ...and moves more in after it.
    const after = await transfer(counted, 3, WAREHOUSE, location);
    events.push({ item: counted, at: after.at, delta: 3 });
    tracked.push({ kind: 'manager', mutationId: after.mutationId, item: counted });
    tracked.push({ kind: 'count', mutationId: countId, item: counted });
    writes.push(countWrite);

    const faultFree = cycle % 4 === 0;
    fx.startCycle(faultFree ? null : { rate: 0.15 + rng() * 0.2, rand: prng(o.seed * 41 + cycle) });
    const t0 = Date.now();
    await context.setOffline(false);
    if (cycle % 5 === 2) {
      await page.waitForTimeout(int(rng, 200, 1200));
      await page.reload();
      await page.waitForFunction(() => window.__ariviaBench !== undefined);
    }
    const drained = await waitDrained(page, o.drainTimeoutMs);
    const drainMs = Date.now() - t0;
    fx.plan = null;
    for (const e of (await entries(page)).filter((x) => x.status !== 'pending'))
      console.warn(
        `inventory cycle ${cycle}: left in the queue: ${e.label} ${e.status}`,
        e.lastError,
      );
    cycleLog.push({ cycle, writes: writes.length, faults: fx.cycleFaults, drainMs, drained });
    console.log(
      `inventory cycle ${String(cycle + 1).padStart(2)}/${o.cycles}: ${writes.length} writes, ` +
        `${faultFree ? 'no faults' : `${fx.cycleFaults} faults (${fx.cycleFails} failing)`}, ` +
        `drained in ${drainMs} ms${drained ? '' : ' (NOT DRAINED)'}`,
    );
  }
  await context.close();

  // --- the server against the model ---
  const lost: string[] = [];
  const duplicated: string[] = [];
  const movements = await svc<
    {
      item_id: string;
      kind: string;
      quantity: string;
      mutation_id: string;
      clean_id: string | null;
    }[]
  >(
    'GET',
    `inventory_movements?select=item_id,kind,quantity,mutation_id,clean_id&location_id=eq.${location}&limit=100000`,
  );
  const atVilla = await svc<{ item_id: string; on_hand: string }[]>(
    'GET',
    `inventory_stock?select=item_id,on_hand&location_id=eq.${location}`,
  );
  const byMutation = new Map<string, number>();
  for (const m of movements)
    byMutation.set(m.mutation_id, (byMutation.get(m.mutation_id) ?? 0) + 1);
  const once = new Set<string>();
  for (const t of tracked) {
    if (t.kind === 'retap' || once.has(t.mutationId)) continue;
    once.add(t.mutationId);
    const n = byMutation.get(t.mutationId) ?? 0;
    if (n === 0) lost.push(`${t.kind} ${t.mutationId} of item ${t.item}: no movement`);
    if (n > 1) duplicated.push(`${t.kind} ${t.mutationId}: ${n} movements`);
  }
  const uses = new Map<string, number>();
  for (const m of movements.filter((x) => x.kind === 'consume'))
    uses.set(`${m.clean_id}/${m.item_id}`, (uses.get(`${m.clean_id}/${m.item_id}`) ?? 0) + 1);
  for (const [key, n] of uses) if (n > 1) duplicated.push(`clean/item ${key} used ${n} times`);
  const model = new Map<string, number>();
  for (const e of [...events].sort((a, b) => a.at.localeCompare(b.at)))
    model.set(e.item, 'counted' in e ? e.counted : (model.get(e.item) ?? 0) + e.delta);
  for (const item of items) {
    const want = model.get(item) ?? 0;
    const got = Number(atVilla.find((s) => s.item_id === item)?.on_hand ?? NaN);
    const sum = movements
      .filter((m) => m.item_id === item)
      .reduce((a, m) => a + Number(m.quantity), 0);
    if (got !== want)
      (got > want ? lost : duplicated).push(`item ${item}: on hand ${got}, model ${want}`);
    if (sum !== got) lost.push(`item ${item}: movements sum to ${sum}, on hand ${got}`);
  }

  const N = cycleLog.reduce((a, c) => a + c.writes, 0);
  const F = fx.total();
  const drains = cycleLog.map((c) => c.drainMs).sort((a, b) => a - b);
  const kinds = (k: Tracked['kind']) => tracked.filter((t) => t.kind === k).length;
  const headline = `${N} writes, ${o.cycles} cycles, ${F} faults: ${lost.length} lost, ${duplicated.length} duplicated`;
  const lines = [
    headline,
    `${kinds('use')} uses of cleans (${kinds('retap')} tapped again with the same key), ${kinds('count')} counts, ${kinds('manager')} manager transfers landing while she was offline; ${movements.length} movements at the villa`,
    `drain after reconnect: p50 ${percentile(drains, 50)} ms, p95 ${percentile(drains, 95)} ms (max ${drains.at(-1)} ms)`,
    `redeliveries absorbed: ${[...fx.deliveries.values()].reduce((a, b) => a + b, 0)} deliveries of ${fx.deliveries.size} mutations, ${[...fx.appliedAnswerLost].length} answers lost after the server applied the write`,
  ];
  for (const l of lost.slice(0, 20)) lines.push(`  LOST: ${l}`);
  for (const d of duplicated.slice(0, 20)) lines.push(`  DUPLICATED: ${d}`);
  return {
    ok: lost.length === 0 && duplicated.length === 0 && cycleLog.every((c) => c.drained),
    lines,
    json: {
      headline,
      lines,
      writes: N,
      cycles: o.cycles,
      uses: kinds('use'),
      retaps: kinds('retap'),
      counts: kinds('count'),
      managerTransfers: kinds('manager'),
      faults: F,
      faultsByKind: fx.faults,
      lost: lost.length,
      duplicated: duplicated.length,
      lostDetail: lost,
      duplicatedDetail: duplicated,
      perCycle: cycleLog,
    },
  };
}
