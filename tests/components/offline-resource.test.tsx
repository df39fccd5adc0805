// The offline resource layer (src/offline/resource.ts, docs/offline.md "Declaring a resource"):
// what a declared resource reads online, what it answers from the device when the network fails,
// and how the user's queued writes lie on top. The queue and the device copies are the app's own
// (IndexedDB in memory); the villas' declaration is read against the in-process backend.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPropertyAreas } from '@/features/properties/api/get-property-areas';
import { getProperties, NOT_SYNCED_REASON } from '@/features/properties/api/get-properties';
import type { PropertyListParams } from '@/features/properties/list-params';
import { getSupabase } from '@/lib/supabase-client';
import { openOfflineDb } from '@/offline/db';
import { addEntry, listEntries, removeEntry } from '@/offline/queue';
import type { QueueEntry } from '@/offline/queue-entry';
import { NOT_KEPT_MESSAGE, NotKeptError } from '@/offline/not-kept';
import { clearMirrors } from '@/offline/read';
import {
  kindRows,
  listResource,
  readList,
  readOne,
  rowInRecord,
  rowKind,
  rowResource,
  rowsAsRecords,
  rowsInRecord,
} from '@/offline/resource';
import { insertRow, queueWrite } from '@/offline/write';
import { signInAs } from './render-route';

interface Thing {
  id: string;
  name: string;
  size: number;
  owner?: string;
}

let userId = '';
/** How many times a test resource asked its server. */
let asked = 0;

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

/** A server stand-in for the declared test resources: answers, fails to connect, or refuses. */
let answer: () => Promise<Thing[]>;
const serverRows = (rows: Thing[]) => () => Promise.resolve(rows);
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

async function queue(
  op: 'insert' | 'update' | 'delete',
  table: string,
  rowId: string,
  values?: Record<string, unknown>,
  over: Partial<QueueEntry> = {},
) {
  await addEntry({
    method: op === 'delete' ? 'DELETE' : op === 'update' ? 'PATCH' : 'POST',
    url: `http://api.test/rest/v1/${table}`,
    timestamp: Date.now(),
    mutationId: crypto.randomUUID(),
    userId,
    target: { kind: 'table', name: table, rowId, op },
    headers: {},
    body: null,
    label: `${op} ${rowId}`,
    ...(values ? { values } : {}),
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    lastError: null,
    ...over,
  });
}

async function emptyQueue() {
  for (const e of await listEntries()) await removeEntry(e.id!);
}

/** Things of a size at least `min`, by name, two a page, kept one record each. */
const things = listResource<Thing, { min: number; page: number; desc?: boolean }>({
  source: 'things',
  table: 'things',
  fetch: () => {
    asked += 1;
    return answer();
  },
  copy: rowsAsRecords('inventory', 'thing', {}),
  matches: (t, p) => t.size >= p.min,
  compare: (a, b, p) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) * (p.desc ? -1 : 1),
  page: (p) => ({ number: p.page, size: 2 }),
  fromQueued: (v) => ({ id: String(v.id), name: String(v.name), size: Number(v.size ?? 0) }),
});

beforeEach(async () => {
  setOnline(true);
  await signInAs('manager');
  userId = (await (await getSupabase()).auth.getUser()).data.user!.id;
  await emptyQueue();
  await clearMirrors();
});

afterEach(async () => {
  setOnline(true);
  await emptyQueue();
});

describe('a list resource', () => {
  const rows: Thing[] = [
    { id: 'a', name: 'Anchor', size: 3 },
    { id: 'b', name: 'Buoy', size: 1 },
    { id: 'c', name: 'Cleat', size: 5 },
    { id: 'd', name: 'Davit', size: 4 },
  ];

  it('keeps what the server answered and, offline, filters, sorts and pages the copy', async () => {
    answer = serverRows(rows);
    const first = await readList(things, { min: 0, page: 1 });
    expect(first).toEqual({ rows, total: 4, fromDevice: false });
    const db = await openOfflineDb();
    expect((await db.get('inventory', 'c'))?.thing).toEqual(rows[2]);

    answer = networkDown;
    expect(await readList(things, { min: 3, page: 1, desc: true })).toEqual({
      rows: [rows[3], rows[2]],
      total: 3,
      fromDevice: true,
    });
    expect((await readList(things, { min: 3, page: 2, desc: true })).rows).toEqual([rows[0]]);
    // Known to be offline: no request is tried at all.
    const before = asked;
    answer = serverRows([{ id: 'x', name: 'Never asked', size: 9 }]);
    setOnline(false);
    const offline = await readList(things, { min: 0, page: 1 });
    expect(offline.fromDevice).toBe(true);
    expect(offline.rows.map((t) => t.id)).toEqual(['a', 'b']);
    expect(asked).toBe(before);
  });

  it('says "not on this phone yet" when nothing is kept, and passes a server refusal on', async () => {
    answer = networkDown;
    const notKept = await readList(things, { min: 0, page: 1 }).catch((e: unknown) => e);
    expect(notKept).toBeInstanceOf(NotKeptError);
    expect(notKept).toMatchObject({ message: NOT_KEPT_MESSAGE });
    expect((notKept as Error).cause).toMatchObject({ message: 'Failed to fetch' });
    answer = serverRows(rows);
    await readList(things, { min: 0, page: 1 });
    answer = () => Promise.reject(new Error('permission denied for table things'));
    await expect(readList(things, { min: 0, page: 1 })).rejects.toThrow('permission denied');
  });

  it("lays the user's queued writes on top: inserts the filter takes, edits, deletes", async () => {
    answer = serverRows([rows[0]!, rows[2]!]);
    await queue('insert', 'things', 'n', { id: 'n', name: 'Bollard', size: 6 });
    await queue('insert', 'things', 's', { id: 's', name: 'Small', size: 1 });
    await queue('update', 'things', 'c', { size: 2 });
    await queue('update', 'things', 'a', { name: 'Zodiac' });
    // Not this user's, refused, or another table's: none of them shows.
    await queue('delete', 'things', 'a', undefined, { userId: crypto.randomUUID() });
    await queue(
      'insert',
      'things',
      'r',
      { id: 'r', name: 'Refused', size: 9 },
      { status: 'rejected' },
    );
    await queue('insert', 'others', 'o', { id: 'o', name: 'Other', size: 9 });
    const page = await readList(things, { min: 3, page: 1 });
    expect(page.rows).toEqual([
      { id: 'n', name: 'Bollard', size: 6, pendingSync: true },
      { id: 'a', name: 'Zodiac', size: 3, pendingSync: true },
    ]);
    // Two server rows, one moved out of the filter, one queued in.
    expect(page.total).toBe(2);

    await queue('delete', 'things', 'n');
    answer = networkDown;
    expect((await readList(things, { min: 3, page: 1 })).rows.map((t) => t.id)).toEqual(['a']);
  });

  it('keeps a read under a parent record and answers empty for a parent made offline', async () => {
    const parts = listResource<Thing, { parent: string; part: 'new' | 'old' | 'all' }>({
      source: 'things',
      table: 'things',
      fetch: () => answer(),
      copy: rowsInRecord('inventory', {
        record: (p) => p.parent,
        field: (p) => (p.part === 'all' ? null : p.part),
        fields: () => ['old', 'new'],
      }),
      owns: (v, p) => v.owner === p.parent,
      madeOffline: { table: 'parents', id: (p) => p.parent },
    });
    answer = serverRows([{ id: 'a', name: 'Old name', size: 1 }]);
    await readList(parts, { parent: 'p1', part: 'old' });
    answer = serverRows([{ id: 'a', name: 'New name', size: 1 }]);
    await readList(parts, { parent: 'p1', part: 'new' });
    answer = serverRows([{ id: 'z', name: 'Window only', size: 1 }]);
    await readList(parts, { parent: 'p1', part: 'all' });
    await queue('insert', 'things', 'q', { id: 'q', name: 'Mine', size: 2, owner: 'p1' });
    await queue('insert', 'things', 'w', { id: 'w', name: 'Elsewhere', size: 2, owner: 'p2' });

    answer = networkDown;
    const offline = await readList(parts, { parent: 'p1', part: 'all' });
    expect(offline.rows.map((t) => t.name)).toEqual(['New name', 'Mine']);
    expect(offline.fromDevice).toBe(true);
    await expect(readList(parts, { parent: 'p3', part: 'all' })).rejects.toThrow(NOT_KEPT_MESSAGE);
    await queue('insert', 'parents', 'p3', { id: 'p3' });
    expect((await readList(parts, { parent: 'p3', part: 'all' })).rows).toEqual([]);
  });

  it("keeps a row's own `kind` column beside the record's kind", async () => {
    interface Movement {
      id: string;
      kind: 'receive' | 'count';
      quantity: number;
    }
    const movements = listResource<Movement, 'all'>({
      source: 'movements',
      fetch: () => answer() as unknown as Promise<Movement[]>,
      copy: kindRows(rowKind<Movement>({ store: 'inventory', kind: 'movement' }), {
        scope: () => 'all',
      }),
    });
    answer = serverRows([
      { id: 'm1', kind: 'receive', quantity: 5 },
      { id: 'm2', kind: 'count', quantity: -1 },
    ] as unknown as Thing[]);
    const online = await readList(movements, 'all');
    answer = networkDown;
    const offline = await readList(movements, 'all');
    expect(offline.fromDevice).toBe(true);
    expect(offline.rows).toEqual(online.rows);
    expect(offline.rows.map((m) => m.kind).sort()).toEqual(['count', 'receive']);
  });
});

describe('a one-row resource', () => {
  interface Parent {
    id: string;
    name: string;
    detail: { code: string; note?: string } | null;
  }
  const parent = rowResource<Parent>({
    source: 'parents',
    table: 'parents',
    fetch: async (id) => ((await answer()).length ? { id, name: 'Served', detail: null } : null),
    copy: rowInRecord('inventory', 'parent'),
    fromQueued: (v) => ({ id: String(v.id), name: String(v.name), detail: null }),
    nested: [{ table: 'parent_details', field: 'detail' }],
  });

  it('answers from the copy offline, merges nested writes, and builds a row made offline', async () => {
    answer = serverRows([{ id: 'x', name: 'x', size: 0 }]);
    expect(await readOne(parent, 'p1')).toEqual({
      row: { id: 'p1', name: 'Served', detail: null },
      fromDevice: false,
    });
    await queue('update', 'parents', 'p1', { name: 'Renamed' });
    await queue('insert', 'parent_details', 'p1', { code: '1234' });
    await queue('insert', 'parent_details', 'p1', { note: 'gate' });
    answer = networkDown;
    expect(await readOne(parent, 'p1')).toEqual({
      row: {
        id: 'p1',
        name: 'Renamed',
        detail: { code: '1234', note: 'gate' },
        pendingSync: true,
      },
      fromDevice: true,
    });
    // Not kept on this device: "not on this phone yet", not "no such row"; unless this user made
    // it offline.
    await expect(readOne(parent, 'p2')).rejects.toBeInstanceOf(NotKeptError);
    await queue('insert', 'parents', 'p2', { id: 'p2', name: 'Made offline' });
    expect((await readOne(parent, 'p2')).row?.name).toBe('Made offline');
    await queue('delete', 'parents', 'p2');
    expect((await readOne(parent, 'p2')).row).toBeNull();
  });
});

describe("the villas' declaration", () => {
  const params: PropertyListParams = {
    q: '',
    status: '',
    area: '',
    type: '',
    minBedrooms: null,
    ready: '',
    archived: false,
    sort: 'name',
    desc: true,
    page: 1,
  };

  it('shows the same page offline, with a villa created offline on top', async () => {
    const online = await getProperties(params);
    expect(online.fromDevice).toBe(false);
    expect(online.rows.length).toBeGreaterThan(1);

    setOnline(false);
    const offline = await getProperties(params);
    expect(offline.fromDevice).toBe(true);
    expect(offline.rows.map((r) => r.id)).toEqual(online.rows.map((r) => r.id));
    expect(offline.total).toBe(online.total);
    expect(await getPropertyAreas()).toContain(online.rows[0]!.area);

    const id = crypto.randomUUID();
    const result = await queueWrite(
      insertRow(
        'properties',
        { id, code: 'ZZZ-99', name: 'Zzz Offline Villa', area: 'Oia', bedrooms: 2 },
        'New villa',
      ),
      { userId },
    );
    expect(result).toBe('queued');
    const withNew = await getProperties(params);
    expect(withNew.rows[0]).toMatchObject({
      id,
      name: 'Zzz Offline Villa',
      pendingSync: true,
      not_ready_reasons: [NOT_SYNCED_REASON],
    });
    expect(withNew.total).toBe(online.total + 1);
    expect((await getProperties({ ...params, q: 'no villa is called this' })).rows).toEqual([]);
  });
});
