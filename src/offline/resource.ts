// One offline resource layer (docs/offline.md "Declaring a resource"): an area declares what a read
// is - the table or view it comes from, the key, where this device keeps a copy, how the list's
// parameters filter and sort on the device, which queued writes lay over it - and `readList` /
// `readOne` do the rest the same way for every area: read the server and keep a copy, answer
// from the copy when the network fails, and lay the user's own queued writes on top (rule 7).
import { overlayCalls, type CallOverlay } from './calls';
import type { MirroredRecord, MirrorStore } from './db';
import { overlayRow, overlayRows, type Pending } from './overlay';
import { isNetworkError } from './network-error';
import { isNotKept, NotKeptError } from './not-kept';
import type { QueueEntry } from './queue-entry';
import {
  madeOnDevice,
  mirrorAll,
  mirrorDelete,
  mirrorDeleteAll,
  mirrorGet,
  mirrorOfVilla,
  mirrorPut,
  queuedCalls,
  queuedChanges,
  readWithFallback,
  rowsWithQueuedWrites,
} from './read';

type Values = Record<string, unknown>;

/** Where this device keeps what a read answered (IndexedDB store, or the profile's own copy). */
export interface DeviceCopy<Value, Params> {
  /** Keeps the server's answer; best effort (a full disk must not break the online read). */
  save(params: Params, value: Value): Promise<void> | void;
  /** The kept answer for these parameters; undefined when this device keeps none. */
  load(params: Params): Promise<Value | undefined>;
  /**
   * After a full read (`ListResource.full`): forgets the kept rows in `scope` whose key is not in
   * `keep` (the rows the server returned, and those a queued write is about). Copies that cannot
   * tell their rows apart leave it out.
   */
  prune?(params: Params, keep: Set<string>, scope: (row: ItemOf<Value>) => boolean): Promise<void>;
}

type ItemOf<Value> = Value extends (infer Row)[] ? Row : never;

/**
 * The copy of a read this device keeps none of (docs/offline.md "Reads that keep no copy"): the
 * screens managers and admins use at a desk, online (the admin area, the checklist templates, the
 * cleaning settings). `readList` / `readOne` then only ask the server: offline the read fails as
 * the server call failed (the screen's usual offline/error state), and nothing is saved.
 */
export const noDeviceCopy: DeviceCopy<never, never> = Object.freeze({
  save: () => undefined,
  load: () => Promise.resolve(undefined),
});

/** The server's answer, or offline the device's copy (`noDeviceCopy`: the server only). */
async function serverOrDevice<T>(
  copy: object,
  online: () => Promise<T>,
  offline: () => Promise<T | undefined>,
): Promise<{ data: T; fromDevice: boolean }> {
  if (copy === noDeviceCopy) return { data: await online(), fromDevice: false };
  try {
    const { data, freshness } = await readWithFallback(online, offline);
    return { data, fromDevice: freshness.source === 'device' };
  } catch (e) {
    // No connection and no copy of this on the device: say so, not "no such record".
    throw isNetworkError(e) ? new NotKeptError(e) : e;
  }
}

/** Queued writes to another table merged into one field of the row (a villa's access details). */
export interface NestedWrites<Row> {
  table: string;
  field: keyof Row & string;
}

interface ResourceBase<Row extends object, Params> {
  /** The table or view the server read uses (said once, for the reader of the declaration). */
  source: string;
  /** The table whose queued writes (by row key) lay over the rows; none: nothing overlays them. */
  table?: string;
  /** The rows' key column (default `id`): a queued write's `rowId` is matched against it. */
  key?: keyof Row & string;
  /** A queued insert's values as a row of this read (default: the values as they are). */
  fromQueued?(values: Values, params: Params): Row;
  /**
   * The declared transitions (src/offline/calls.ts) whose queued calls lay over the rows: the
   * same `apply` as the optimistic patch made when the call was queued.
   */
  calls?: CallOverlay<Row>[];
}

/**
 * Queued writes to a child table that the area lays over the rows itself (a clean's assignee
 * rows, inserted and deleted, in its `assignees` field), oldest first.
 */
export interface ChildWrites<Row> {
  table: string;
  lay(rows: Row[], changes: QueueEntry[]): Row[];
}

/** A list read: all the rows for some parameters (a villa's stays), or one page of them. */
export interface ListResource<Row extends object, Params> extends ResourceBase<Row, Params> {
  /** The server read: every row, or one page and the exact total. */
  fetch(params: Params): Promise<Row[] | { rows: Row[]; total: number }>;
  copy: DeviceCopy<Row[], Params>;
  /** The list's filters on the device: applied to the copy, to queued inserts and to edited rows. */
  matches?(row: Row, params: Params): boolean;
  /** The list's order on the device (the server's order online). */
  compare?(a: Row, b: Row, params: Params): number;
  /** Paged reads: which page (from 1) of which size. */
  page?(params: Params): { number: number; size: number };
  /**
   * Is this read full - does the server's answer hold every row of the copy it could hold? `true`:
   * every row of the copy; a predicate: every row it takes (the board's days). Then the rows of
   * the copy the server no longer returns are forgotten (never one a queued write is about).
   * `answer` is the server's: a paged read is full only when its page held the whole total.
   * Default: not full (a filtered or paged read prunes nothing).
   */
  full?(params: Params, answer: { rows: Row[]; total: number }): boolean | ((row: Row) => boolean);
  /** Queued writes to child tables laid over the rows by the area (after the rows' own). */
  children?: ChildWrites<Row>[];
  /** Does a queued insert belong to this read (another villa's photo does not)? Default: yes. */
  owns?(values: Values, params: Params): boolean;
  /**
   * Offline without a copy, a read under a parent made on this device (a villa created offline)
   * answers empty instead of failing: otherwise the query, and every save refreshing it, would
   * wait for the network.
   */
  madeOffline?: { table: string; id(params: Params): string };
}

/** A one-row read by id (a villa's detail, the user's profile). */
export interface RowResource<Row extends object> extends ResourceBase<Row, string> {
  /** The server read; null when there is no such row (or the caller may not see it). */
  fetch(id: string): Promise<Row | null>;
  /** A `load` answering null means "no such row here", undefined "no copy: fail as offline". */
  copy: DeviceCopy<Row | null, string>;
  nested?: NestedWrites<Row>[];
}

export interface ListResult<Row> {
  rows: Pending<Row>[];
  total: number;
  /** Answered from this device's copy (no connection). */
  fromDevice: boolean;
}

export interface RowResult<Row> {
  /** Null: no such row, or a queued delete removed it. */
  row: Pending<Row> | null;
  fromDevice: boolean;
}

/** Declares a list resource (an identity: it only checks the declaration's types). */
export const listResource = <Row extends object, Params>(r: ListResource<Row, Params>) => r;
/** Declares a one-row resource. */
export const rowResource = <Row extends object>(r: RowResource<Row>) => r;

function sorted<Row extends object, Params>(
  r: ListResource<Row, Params>,
  rows: Row[],
  params: Params,
): Row[] {
  return r.compare ? [...rows].sort((a, b) => r.compare!(a, b, params)) : rows;
}

/** The device's copy for these parameters, filtered, sorted and paged as the server would. */
async function keptPage<Row extends object, Params>(
  r: ListResource<Row, Params>,
  params: Params,
): Promise<{ rows: Row[]; total: number } | undefined> {
  const kept = await r.copy.load(params);
  if (kept === undefined) {
    const parent = r.madeOffline;
    return parent && (await madeOnDevice(parent.table, parent.id(params)))
      ? { rows: [], total: 0 }
      : undefined;
  }
  const page = r.page?.(params);
  const rows = sorted(
    r,
    kept.filter((row) => r.matches?.(row, params) ?? true),
    params,
  );
  const from = page ? (page.number - 1) * page.size : 0;
  return { rows: page ? rows.slice(from, from + page.size) : rows, total: rows.length };
}

/** The user's queued calls of the resource's transitions, oldest first. */
async function queuedCallsOf<Row extends object, Params>(
  r: ResourceBase<Row, Params>,
): Promise<QueueEntry[]> {
  const fns = [...new Set((r.calls ?? []).map((t) => t.fn))];
  if (fns.length === 0) return [];
  const lists = await Promise.all(fns.map(queuedCalls));
  return lists.flat().sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/** Keeps what the server answered; after a full read, forgets what it no longer returns. */
async function keep<Row extends object, Params>(
  r: ListResource<Row, Params>,
  params: Params,
  answer: { rows: Row[]; total: number },
): Promise<void> {
  const { rows } = answer;
  try {
    await r.copy.save(params, rows);
    const full = r.full?.(params, answer);
    if (!full || !r.copy.prune) return;
    const key = r.key ?? 'id';
    const kept = await rowsWithQueuedWrites();
    for (const row of rows) kept.add(String((row as Values)[key]));
    await r.copy.prune(params, kept, full === true ? () => true : full);
  } catch (e) {
    // A full or unavailable disk must not break the online screen.
    console.warn('[offline] could not keep a copy on this device', e);
  }
}

/** The user's queued writes laid on a page (from the server or the device). */
async function withQueued<Row extends object, Params>(
  r: ListResource<Row, Params>,
  params: Params,
  data: { rows: Row[]; total: number },
  fromDevice: boolean,
): Promise<ListResult<Row>> {
  const page = r.page?.(params);
  const matches = (row: Row) => r.matches?.(row, params) ?? true;
  const [queued, calls, ...children] = await Promise.all([
    r.table ? queuedChanges(r.table) : ([] as QueueEntry[]),
    queuedCallsOf(r),
    ...(r.children ?? []).map((c) => queuedChanges(c.table)),
  ]);
  const changes = queued.filter(
    (c) => c.target.op !== 'insert' || !r.owns || r.owns(c.values ?? {}, params),
  );
  if (changes.length === 0 && calls.length === 0 && children.every((c) => c.length === 0))
    return { ...data, fromDevice };
  const fromQueued = r.fromQueued;
  const edited = overlayRows(data.rows, changes, {
    ...(r.key ? { key: r.key } : {}),
    include: matches,
    ...(fromQueued ? { fromValues: (v: Values) => fromQueued(v, params) } : {}),
  });
  let laid = overlayCalls(edited, r.calls ?? [], calls);
  (r.children ?? []).forEach((c, i) => {
    if (children[i]!.length > 0) laid = c.lay(laid, children[i]!);
  });
  const rows = laid.filter(matches);
  // A later page keeps the server's rows where they are; the first (or only) page takes the
  // queued inserts in the list's order.
  const first = !page || page.number === 1;
  const out = first ? sorted(r, rows, params) : rows;
  return {
    rows: page && first ? out.slice(0, page.size) : out,
    total: data.total + rows.length - data.rows.length,
    fromDevice,
  };
}

/**
 * The list from the server (kept on the device), or offline from the device's copy filtered,
 * sorted and paged as the server would; with the user's queued writes laid on top.
 */
export async function readList<Row extends object, Params>(
  r: ListResource<Row, Params>,
  params: Params,
): Promise<ListResult<Row>> {
  const { data, fromDevice } = await serverOrDevice(
    r.copy,
    async () => {
      const answer = await r.fetch(params);
      const read = Array.isArray(answer) ? { rows: answer, total: answer.length } : answer;
      void keep(r, params, read);
      return read;
    },
    () => keptPage(r, params),
  );
  return withQueued(r, params, data, fromDevice);
}

/**
 * The list as this device last saw it, without asking the server (docs/offline.md "Drawn
 * first"): what `readList` answers offline, for a screen to draw while the server's answer is on
 * its way. Undefined when nothing is kept.
 */
export async function readKeptList<Row extends object, Params>(
  r: ListResource<Row, Params>,
  params: Params,
): Promise<ListResult<Row> | undefined> {
  const data = await keptPage(r, params);
  return data && withQueued(r, params, data, true);
}

/** One row from the server (kept on the device) or the device's copy, with queued writes on top. */
export async function readOne<Row extends object>(
  r: RowResource<Row>,
  id: string,
): Promise<RowResult<Row>> {
  let answer: { data: Row | null; fromDevice: boolean };
  let notKept: NotKeptError | null = null;
  try {
    answer = await serverOrDevice(
      r.copy,
      async () => {
        const row = await r.fetch(id);
        if (row) void r.copy.save(id, row);
        return row;
      },
      () => r.copy.load(id),
    );
  } catch (e) {
    if (!isNotKept(e)) throw e;
    // Not kept here, but a row this user made on this device (a queued insert) still shows.
    notKept = e;
    answer = { data: null, fromDevice: true };
  }
  const { data, fromDevice } = answer;
  const calls = await queuedCallsOf(r);
  const moved = (row: Pending<Row> | null): Pending<Row> | null =>
    row && calls.length > 0 ? overlayCalls([row], r.calls ?? [], calls)[0]! : row;
  if (!r.table) {
    if (notKept) throw notKept;
    return { row: moved(data), fromDevice };
  }
  const [changes, ...nested] = await Promise.all([
    queuedChanges(r.table),
    ...(r.nested ?? []).map((n) => queuedChanges(n.table)),
  ]);
  const fromQueued = r.fromQueued;
  let row = overlayRow<Row>(
    data,
    changes,
    id,
    fromQueued ? (v: Values) => fromQueued(v, id) : undefined,
  );
  (r.nested ?? []).forEach((n, i) => {
    for (const c of nested[i]!.filter((e) => e.target.rowId === id && e.values)) {
      if (row) row = { ...row, [n.field]: { ...(row[n.field] as object | null), ...c.values } };
    }
  });
  // A row this user made and deleted on this device is known here: no such row, not "not kept".
  if (!row && notKept && !changes.some((c) => c.target.rowId === id)) throw notKept;
  return { row: moved(row), fromDevice };
}

// ---- Where the copy is kept in the local database (src/offline/db.ts) -------------------------

const fieldOf = <T>(record: MirroredRecord | undefined, field: string) =>
  record?.[field] as T | undefined;

/**
 * Each row is its own record of the store (keyed by the row's key), in field `field`: the list of
 * villas. `fromRecord` reads a row back from a record another read filled (a villa only opened).
 */
export function rowsAsRecords<Row extends object, Params>(
  store: MirrorStore,
  field: string,
  options: { key?: keyof Row & string; fromRecord?: (record: MirroredRecord) => Row | undefined },
): DeviceCopy<Row[], Params> {
  const key = options.key ?? 'id';
  return {
    save: (_params, rows) => {
      const now = Date.now();
      return mirrorPut(
        store,
        rows.map((row) => ({
          id: String((row as Values)[key]),
          lastSynced: now,
          [field]: row,
        })),
      );
    },
    load: async () => {
      const records = await mirrorAll(store);
      if (records.length === 0) return undefined;
      return records
        .map((rec) => (options.fromRecord ? options.fromRecord(rec) : fieldOf<Row>(rec, field)))
        .filter((row): row is Row => row !== undefined);
    },
  };
}

/**
 * The rows of a read kept together in a field of one record: a villa's photos or stays under the
 * villa's id. `field` says where this read keeps its answer (null: it keeps none); `fields` which
 * kept lists answer offline (joined, one row per key, the later field winning).
 */
export function rowsInRecord<Row extends object, Params>(
  store: MirrorStore,
  options: {
    record: (params: Params) => string;
    field: (params: Params) => string | null;
    fields: (params: Params) => string[];
    key?: keyof Row & string;
  },
): DeviceCopy<Row[], Params> {
  const key = options.key ?? 'id';
  return {
    save: (params, rows) => {
      const field = options.field(params);
      if (field === null) return;
      return mirrorPut(store, [
        { id: options.record(params), lastSynced: Date.now(), [field]: rows },
      ]);
    },
    load: async (params) => {
      const record = await mirrorGet(store, options.record(params));
      const lists = options
        .fields(params)
        .map((f) => fieldOf<Row[]>(record, f))
        .filter((l): l is Row[] => Array.isArray(l));
      if (lists.length === 0) return undefined;
      const byKey = new Map<string, Row>();
      for (const row of lists.flat()) byKey.set(String((row as Values)[key]), row);
      return [...byKey.values()];
    },
  };
}

/**
 * One row kept in a field of its own record (a villa's detail). A record holding null is the
 * server's "no such row"; no record (or no such field in it) is "not kept on this device".
 */
export function rowInRecord<Row extends object>(
  store: MirrorStore,
  field: string,
): DeviceCopy<Row | null, string> {
  return {
    save: (id, row) => mirrorPut(store, [{ id, lastSynced: Date.now(), [field]: row }]),
    load: async (id) => fieldOf<Row | null>(await mirrorGet(store, id), field),
  };
}

/**
 * Rows of one kind kept in a shared store, each its own record (`{ ...row, kind, propertyId,
 * lastSynced }`): the work orders and the cleans in `tasks`. Declared once per kind (in
 * src/domain/<entity>/) and used by every read of those rows, so they all keep the same copy.
 */
export interface RowKind<Row extends object> {
  store: MirrorStore;
  /** The record's `kind`: which rows of the store are this kind's. */
  kind: string;
  /** The rows' key column (default `id`), the record's id. */
  key?: keyof Row & string;
  /** The villa a row belongs to (the `tasks` store's `propertyId` index). */
  villa?(row: Row): string;
}

/**
 * Where a record keeps its row's own `kind` column (a schedule's, a movement's): the record's
 * `kind` says which rows of the store are whose, so the row's is kept beside it.
 */
const OWN_KIND = 'ownKind';

/** Declares the kind of rows a device copy keeps (an identity: it only checks the types). */
export const rowKind = <Row extends object>(k: RowKind<Row>) => k;

/** What a record keeps beside the row (never a column of a kind's rows). */
const BOOKKEEPING = new Set(['kind', 'lastSynced', 'propertyId', OWN_KIND]);

/** A kind's row as its record keeps it (its own `kind` column back under its name). */
export function rowOfRecord<Row extends object>(_kind: RowKind<Row>, record: MirroredRecord): Row {
  const row: Values = {};
  for (const [field, value] of Object.entries(record)) {
    if (!BOOKKEEPING.has(field)) row[field] = value;
  }
  if (OWN_KIND in record) row.kind = (record as Values)[OWN_KIND];
  // The record was written from a Row by kindRows below (same kind): it reads back as one.
  return row as Row;
}

/** Every kept row of a kind (of one villa's, when `villa` is given). */
export async function keptRowsOf<Row extends object>(
  kind: RowKind<Row>,
  villa?: string,
): Promise<Row[]> {
  const records =
    villa !== undefined && kind.store === 'tasks'
      ? await mirrorOfVilla(villa)
      : await mirrorAll(kind.store);
  return records.filter((rec) => rec.kind === kind.kind).map((rec) => rowOfRecord(kind, rec));
}

const keptMark = (kind: { kind: string }, scope: string) => `kept:${kind.kind}:${scope}`;

/**
 * A read's rows kept as records of their kind. `villa`: the read is one villa's (its copy is read
 * through the villa index); `scope`: the read keeps a mark when it is saved, so offline a read
 * that found no rows answers empty while one never made on this device fails as offline. Pruned
 * after a full read (`ListResource.full`).
 */
export function kindRows<Row extends object, Params>(
  kind: RowKind<Row>,
  options: { villa?(params: Params): string; scope?(params: Params): string } = {},
): DeviceCopy<Row[], Params> {
  const key = kind.key ?? 'id';
  const load = (params: Params) => keptRowsOf(kind, options.villa?.(params));
  return {
    save: (params, rows) => {
      const now = Date.now();
      return mirrorPut(kind.store, [
        ...rows.map((row) => ({
          ...row,
          ...('kind' in row ? { [OWN_KIND]: (row as Values).kind } : {}),
          id: String((row as Values)[key]),
          kind: kind.kind,
          ...(kind.villa ? { propertyId: kind.villa(row) } : {}),
          lastSynced: now,
        })),
        ...(options.scope
          ? [{ id: keptMark(kind, options.scope(params)), kind: 'kept', lastSynced: now }]
          : []),
      ]);
    },
    load: async (params) => {
      const rows = await load(params);
      if (rows.length > 0 || !options.scope) return rows;
      const mark = await mirrorGet(kind.store, keptMark(kind, options.scope(params)));
      return mark ? rows : undefined;
    },
    prune: async (params, keepIds, scope) => {
      const gone = (await load(params))
        .filter((row) => scope(row) && !keepIds.has(String((row as Values)[key])))
        .map((row) => String((row as Values)[key]));
      await mirrorDeleteAll(kind.store, gone);
    },
  };
}

/**
 * One value kept in a field of a record (a read's own small answer: who does cleans, the staff's
 * names). `record` names the record for a read's id (default: the id itself); none kept reads as
 * "no copy", so offline the read fails as the network did.
 */
export function valueInRecord<Value>(
  store: MirrorStore,
  field: string,
  record: (id: string) => string = (id) => id,
): DeviceCopy<Value, string> {
  return {
    save: (id, value) =>
      mirrorPut(store, [{ id: record(id), lastSynced: Date.now(), [field]: value }]),
    load: async (id) => fieldOf<Value>(await mirrorGet(store, record(id)), field),
  };
}

/**
 * Forgets a row this device keeps in `store` once the server has deleted it (a villa deleted
 * online), so offline reads stop showing it before the next full read prunes it.
 */
export function forgetKeptRow(store: MirrorStore, id: string): Promise<void> {
  return mirrorDelete(store, id);
}
