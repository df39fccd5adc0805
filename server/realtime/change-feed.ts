// postgres_changes. The capture trigger (bootstrap.sql, realtime section) logs each row change and
// NOTIFYs the transaction id once per transaction; this instance reads the transaction's changes,
// asks Postgres in one call which subscriptions' filters match and which (role, claims) groups
// may select each row (realtime.evaluate_changes), then sends each channel one message per change
// carrying the ids of its matching subscriptions — the payload shape of Supabase Realtime's
// Extensions.PostgresCdcRls (apply_rls + MessageDispatcher), which realtime-js decodes.
import type { Database } from '../db/types.ts';
import { describeParams, parseChangeParams, type ChangeParams } from './filters.ts';
import { MAX_RECORD_BYTES } from './limits.ts';
import type { ChannelPort } from './ports.ts';
import { encodeJson } from './serializer.ts';

type Dict = Record<string, unknown>;

const EVALUATION_SLICE = 100;

interface Subscription {
  id: number;
  channel: ChannelPort;
  params: ChangeParams;
}

interface ChangeRow {
  entity: number;
  schema_name: string;
  table_name: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Dict | null;
  old_record: Dict | null;
  created_at: Date | string;
}

interface Evaluation {
  rls: boolean;
  pk: string[];
  identity: string[];
  columns: Record<string, Array<[string, string]>>;
  filters: boolean[];
  visible: Array<boolean | null>;
}

interface PendingEvent {
  row: ChangeRow;
  candidates: Array<{ sub: Subscription; group: number; filters: number[] }>;
  groups: Array<{ role: string; claims: Dict; subs: number[][] }>;
  filters: Array<[string, string, string, boolean]>;
}

export interface SubscribeResult {
  /** The client's postgres_changes params, each with its id, in the client's order. */
  reply: Dict[];
  /** Why the subscription could not be made (sent as a `system` error, as Supabase does). */
  error?: string;
}

/** A stable 27-bit id per distinct params, like Supabase's :erlang.phash2(params). */
function paramsId(params: unknown): number {
  const text = JSON.stringify(params, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Dict).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // realtime-js skips a binding whose id is falsy.
  return h & 0x7ffffff || 1;
}

function pick(source: Dict | null, names: Iterable<string>): Dict {
  const out: Dict = {};
  if (!source) return out;
  for (const n of names) if (n in source) out[n] = source[n];
  return out;
}

export class ChangeFeed {
  private readonly byEntity = new Map<number, Set<Subscription>>();
  private readonly byChannel = new Map<ChannelPort, Subscription[]>();
  private queue: Promise<void> = Promise.resolve();
  private registry: Promise<void> = Promise.resolve();
  private readonly registered = new Set<number>();
  private readonly recent = new Set<string>();
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly instanceId: string,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.db.listen('realtime_changes', (txid) => {
      this.queue = this.queue
        .then(() => this.process(txid))
        .catch((e: unknown) =>
          this.log(`[realtime] change dispatch failed: ${(e as Error).message}`),
        );
    });
    // realtime.listeners rows older than two minutes no longer count: keep ours fresh.
    this.heartbeat = setInterval(() => {
      this.registry = this.registry
        .then(async () => {
          if (!this.registered.size) return;
          await this.db.query(
            `insert into realtime.listeners (entity, instance)
             select unnest($2::oid[]), $1 on conflict (entity, instance) do update set seen_at = now()`,
            [this.instanceId, [...this.registered]],
          );
        })
        .catch((e: unknown) =>
          this.log(`[realtime] listener heartbeat failed: ${(e as Error).message}`),
        );
    }, 30_000);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    this.unlisten = null;
    await this.queue;
    await this.registry;
    await this.db
      .query('delete from realtime.listeners where instance = $1', [this.instanceId])
      .catch(() => undefined);
  }

  /**
   * Makes realtime.listeners say whether this instance listens to `entity`. Steps run in order
   * and each writes the state current when it runs, so quick subscribe / unsubscribe turns end
   * right.
   */
  private syncListener(entity: number): Promise<void> {
    this.registry = this.registry
      .then(async () => {
        const wanted = this.byEntity.has(entity);
        if (wanted === this.registered.has(entity)) return;
        if (wanted) {
          await this.db.query(
            `insert into realtime.listeners (entity, instance) values ($1, $2)
             on conflict (entity, instance) do update set seen_at = now()`,
            [entity, this.instanceId],
          );
          this.registered.add(entity);
        } else {
          await this.db.query(
            'delete from realtime.listeners where entity = $1 and instance = $2',
            [entity, this.instanceId],
          );
          this.registered.delete(entity);
        }
      })
      .catch((e: unknown) =>
        this.log(`[realtime] listener registry failed: ${(e as Error).message}`),
      );
    return this.registry;
  }

  async subscribe(channel: ChannelPort, list: unknown[]): Promise<SubscribeResult> {
    const reply = list.map((p) => ({
      ...(p && typeof p === 'object' ? (p as Dict) : {}),
      id: paramsId(p),
    }));
    if (!list.length) return { reply };
    const subs: Array<{ sub: Subscription; entities: number[] }> = [];
    let needsSync = false;
    for (let i = 0; i < list.length; i++) {
      const parsed = parseChangeParams(list[i]);
      if (!parsed.ok) return { reply, error: parsed.message };
      const params = parsed.params;
      const { rows } = await this.db.query<{
        entity: number;
        captured: boolean;
        error: string | null;
      }>(
        'select entity::int8 as entity, captured, error from realtime.resolve_subscription($1, $2, $3::jsonb)',
        [
          params.schema,
          params.table,
          JSON.stringify(params.filters.map((f) => [f.column, f.op, f.value, f.negate])),
        ],
      );
      if (!rows.length) {
        return {
          reply,
          error: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describeParams(params)}]`,
        };
      }
      const failed = rows.find((r) => r.error);
      if (failed) {
        return {
          reply,
          error: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describeParams(params)}]. Exception: ${failed.error}`,
        };
      }
      if (rows.some((r) => !r.captured)) needsSync = true;
      subs.push({
        sub: { id: reply[i]!.id as number, channel, params },
        entities: rows.map((r) => Number(r.entity)),
      });
    }
    // A publication changed outside a migration (no event trigger): capture it now.
    if (needsSync) await this.db.query('select realtime.sync_capture()');
    this.unsubscribe(channel);
    const touched = new Set<number>();
    for (const { sub, entities } of subs) {
      for (const entity of entities) {
        let set = this.byEntity.get(entity);
        if (!set) this.byEntity.set(entity, (set = new Set()));
        set.add(sub);
        touched.add(entity);
      }
    }
    this.byChannel.set(
      channel,
      subs.map((s) => s.sub),
    );
    // Changes are logged only once the listener row is in: the join reply waits for it.
    await Promise.all([...touched].map((entity) => this.syncListener(entity)));
    return { reply };
  }

  unsubscribe(channel: ChannelPort): void {
    const subs = this.byChannel.get(channel);
    if (!subs) return;
    this.byChannel.delete(channel);
    for (const sub of subs) {
      for (const [entity, set] of this.byEntity) {
        if (!set.delete(sub)) continue;
        if (set.size === 0) {
          this.byEntity.delete(entity);
          void this.syncListener(entity);
        }
      }
    }
  }

  private async process(txid: string): Promise<void> {
    if (this.byEntity.size === 0) return;
    // Folded notifications are the norm, but a repeat must never deliver twice.
    if (this.recent.has(txid)) return;
    this.recent.add(txid);
    if (this.recent.size > 4096) this.recent.delete(this.recent.values().next().value!);

    const { rows } = await this.db.query<ChangeRow>(
      `select entity::int8 as entity, schema_name, table_name, action, record, old_record, created_at
       from realtime.change_log where txid = $1 order by id`,
      [txid],
    );
    const pending: PendingEvent[] = [];
    for (const row of rows) {
      const event = this.plan(row);
      if (event) pending.push(event);
    }
    // A bulk write is evaluated in slices, so no single call carries an unbounded batch.
    for (let start = 0; start < pending.length; start += EVALUATION_SLICE) {
      const slice = pending.slice(start, start + EVALUATION_SLICE);
      const batch = slice.map((e) => ({
        entity: e.row.entity,
        action: e.row.action,
        record: e.row.record,
        old_record: e.row.old_record,
        filters: e.filters,
        checks: e.groups,
      }));
      const result = await this.db.query<{ r: Array<Evaluation | null> }>(
        'select realtime.evaluate_changes($1::jsonb) as r',
        [JSON.stringify(batch)],
      );
      const evaluations = result.rows[0]!.r;
      slice.forEach((event, i) => {
        const evaluation = evaluations[i];
        if (evaluation) this.deliver(event, evaluation);
      });
    }
  }

  /** The subscriptions a change may concern, grouped for one evaluation call. */
  private plan(row: ChangeRow): PendingEvent | null {
    const subs = this.byEntity.get(Number(row.entity));
    if (!subs) return null;
    const event: PendingEvent = { row, candidates: [], groups: [], filters: [] };
    const filterIndex = new Map<string, number>();
    const groupIndex = new Map<string, number>();
    for (const sub of subs) {
      if (sub.channel.state !== 'joined') continue;
      if (sub.params.event !== '*' && sub.params.event !== row.action) continue;
      const filters = sub.params.filters.map((f) => {
        const tuple: [string, string, string, boolean] = [f.column, f.op, f.value, f.negate];
        const key = JSON.stringify(tuple);
        let idx = filterIndex.get(key);
        if (idx === undefined) {
          idx = event.filters.push(tuple) - 1;
          filterIndex.set(key, idx);
        }
        return idx;
      });
      const { role, claims } = sub.channel.identity;
      const groupKey = `${role}\u0000${JSON.stringify(claims)}`;
      let group = groupIndex.get(groupKey);
      if (group === undefined) {
        group = event.groups.push({ role, claims: { ...claims }, subs: [] }) - 1;
        groupIndex.set(groupKey, group);
      }
      event.groups[group]!.subs.push(filters);
      event.candidates.push({ sub, group, filters });
    }
    return event.candidates.length ? event : null;
  }

  private deliver(event: PendingEvent, evaluation: Evaluation): void {
    const { row } = event;
    const noPk = row.action !== 'DELETE' && evaluation.pk.length === 0;
    const perChannel = new Map<
      ChannelPort,
      { ids: number[]; role: string; select: Set<string> | null }
    >();
    for (const c of event.candidates) {
      if (c.sub.channel.state !== 'joined') continue;
      if (!c.filters.every((i) => evaluation.filters[i])) continue;
      if (!noPk && evaluation.visible[c.group] !== true) continue;
      let entry = perChannel.get(c.sub.channel);
      if (!entry) {
        entry = { ids: [], role: event.groups[c.group]!.role, select: new Set() };
        perChannel.set(c.sub.channel, entry);
      }
      if (!entry.ids.includes(c.sub.id)) entry.ids.push(c.sub.id);
      // A channel gets the union of its subscriptions' column selections (all when one has none).
      if (!c.sub.params.select) entry.select = null;
      else if (entry.select) for (const col of c.sub.params.select) entry.select.add(col);
    }
    // Subscribers with the same role, columns, topic and subscription ids share one frame.
    const payloads = new Map<string, Dict>();
    const frames = new Map<string, string>();
    for (const [channel, { ids, role, select }] of perChannel) {
      const dataKey = `${role}\u0000${select ? [...select].sort().join(',') : '*'}`;
      const frameKey = `${dataKey}\u0000${channel.conn.vsn}\u0000${channel.topic}\u0000${ids.join(',')}`;
      let frame = frames.get(frameKey);
      if (frame === undefined) {
        let data = payloads.get(dataKey);
        if (!data) {
          data = noPk ? this.errorData(row) : this.changeData(row, evaluation, role, select);
          payloads.set(dataKey, data);
        }
        frame = encodeJson(channel.conn.vsn, null, null, channel.topic, 'postgres_changes', {
          ids,
          data,
        });
        frames.set(frameKey, frame);
      }
      channel.conn.send(frame);
    }
  }

  private errorData(row: ChangeRow): Dict {
    return {
      schema: row.schema_name,
      table: row.table_name,
      type: row.action,
      errors: ['Error 400: Bad Request, no primary key'],
    };
  }

  private changeData(
    row: ChangeRow,
    ev: Evaluation,
    role: string,
    select: Set<string> | null,
  ): Dict {
    let columns = ev.columns[role] ?? [];
    if (select) columns = columns.filter(([name]) => select.has(name));
    const visible = new Set(columns.map(([name]) => name));
    const keep = (names: string[]) => names.filter((n) => visible.has(n));
    const data: Dict = {
      schema: row.schema_name,
      table: row.table_name,
      commit_timestamp: new Date(row.created_at).toISOString(),
      type: row.action,
      columns: columns.map(([name, type]) => ({ name, type })),
      errors: null,
    };
    const parts: Array<'record' | 'old_record'> = [];
    if (row.action !== 'DELETE') {
      data.record = pick(row.record, visible);
      parts.push('record');
    }
    if (row.action === 'UPDATE') {
      data.old_record = pick(row.old_record, keep(ev.identity));
      parts.push('old_record');
    } else if (row.action === 'DELETE') {
      // With RLS on, a deleted row cannot be checked per subscriber: only its key is sent.
      data.old_record = pick(row.old_record, keep(ev.rls ? ev.pk : ev.identity));
      parts.push('old_record');
    }
    const size = parts.reduce((n, p) => n + Buffer.byteLength(JSON.stringify(data[p])), 0);
    if (size > MAX_RECORD_BYTES) {
      data.errors = ['Error 413: Payload Too Large'];
      for (const p of parts) {
        data[p] = Object.fromEntries(
          Object.entries(data[p] as Dict).filter(
            ([, v]) => Buffer.byteLength(JSON.stringify(v) ?? '') <= 64,
          ),
        );
      }
    }
    return data;
  }
}
