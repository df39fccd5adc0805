// PostgreSQL adapter (node-postgres pool) for any PostgreSQL 15+ given by DATABASE_URL.
import pg from 'pg';
import { createRequire } from 'node:module';
import type { Database, PgError, Queryable, QueryResult } from './types.ts';

const INT8 = 20;

// Per-pool parsers, the same value shapes as the PGlite adapter.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) {
      return (v: string) => {
        const n = Number(v);
        return Number.isSafeInteger(n) ? n : v;
      };
    }
    return pg.types.getTypeParser(oid, format);
  },
};

async function run<R>(
  q: pg.Pool | pg.PoolClient,
  sql: string,
  params: unknown[],
): Promise<QueryResult<R>> {
  const r = await q.query({ text: sql, values: params, types: typeParsers });
  return {
    rows: r.rows as R[],
    rowCount: r.rowCount ?? r.rows.length,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: <R>(sql: string, params: unknown[] = []) => run<R>(q, sql, params),
    async exec(sql: string) {
      await q.query(sql);
    },
  };
}

/** pg's own value serialiser for parameters (what a Query binds with). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/** The few connection methods a batch writes with (node-postgres' Connection). */
interface Wire {
  stream: { cork?: () => void; uncork?: () => void };
  parse(msg: { text: string; types?: unknown }): void;
  bind(msg: { values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  describe(msg: { type: 'P' }): void;
  execute(msg: { portal: string }): void;
  sync(): void;
}

/** One statement of a batch: a node-postgres Query used for its result, never submitted itself. */
interface BatchItem {
  text: string;
  values: unknown[];
  query: {
    handleRowDescription(msg: unknown): void;
    handleDataRow(msg: unknown): void;
    handleCommandComplete(msg: unknown, wire: Wire): void;
    handleEmptyQuery(wire: Wire): void;
    handleReadyForQuery(wire: Wire): void;
    handleError(err: unknown, wire: Wire): void;
  };
}

function aborted(): PgError {
  const e: PgError = new Error(
    'current transaction is aborted, commands ignored until end of transaction block',
  );
  e.code = '25P02';
  return e;
}

// A Query subclass: node-postgres refuses other submittables on a pipelining client.
const QueryBase = pg.Query as unknown as new (config: { text: string }) => object;

/**
 * A transaction's first statements (BEGIN, the settings, the request's statement, a guard and
 * COMMIT) as one extended-protocol pipeline with a single Sync: one socket write, and the server
 * answers them all in one flush (it flushes at each Sync; one Sync per statement meant five
 * sends, and as many wake-ups and reads here, for one request). Each statement still gets its own
 * result. As with separate Syncs the server runs them in order and stops at the first error; the
 * statements behind it are skipped (their promises fail with 25P02, as they would have) and the
 * transaction is left aborted, for the ROLLBACK that follows.
 */
class BatchQuery extends QueryBase {
  private next = 0;
  constructor(private readonly items: BatchItem[]) {
    super({ text: 'batch' });
  }
  private get current(): BatchItem['query'] | undefined {
    return this.items[this.next]?.query;
  }
  submit(wire: Wire): null {
    wire.stream.cork?.();
    try {
      for (const item of this.items) {
        wire.parse({ text: item.text });
        wire.bind({ values: item.values, valueMapper: prepareValue });
        wire.describe({ type: 'P' });
        wire.execute({ portal: '' });
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return null;
  }
  handleRowDescription(msg: unknown): void {
    this.current?.handleRowDescription(msg);
  }
  handleDataRow(msg: unknown): void {
    this.current?.handleDataRow(msg);
  }
  handleCommandComplete(msg: unknown, wire: Wire): void {
    const q = this.current;
    this.next += 1;
    q?.handleCommandComplete(msg, wire);
    q?.handleReadyForQuery(wire);
  }
  handleEmptyQuery(wire: Wire): void {
    const q = this.current;
    this.next += 1;
    q?.handleEmptyQuery(wire);
    q?.handleReadyForQuery(wire);
  }
  handleError(err: unknown, wire: Wire): void {
    const failed = this.items.slice(this.next);
    this.next = this.items.length;
    failed.forEach((item, i) => item.query.handleError(i === 0 ? err : aborted(), wire));
  }
  handleReadyForQuery(wire: Wire): void {
    // Every statement answered before this; anything left was never answered.
    if (this.next < this.items.length) this.handleError(new Error('batch cut short'), wire);
  }
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}

/** A statement for a batch: its promise settles when its own result (or error) comes back. */
function batchItem<R>(text: string, values: unknown[]): [BatchItem, Promise<QueryResult<R>>] {
  let item!: BatchItem;
  const done = new Promise<QueryResult<R>>((resolve, reject) => {
    const query = new pg.Query(
      { text, values, types: typeParsers } as pg.QueryConfig,
      undefined,
      (err: Error | undefined, r: pg.QueryResult) => {
        if (err) return reject(err);
        resolve({
          rows: r.rows as R[],
          rowCount: r.rowCount ?? r.rows.length,
          fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        });
      },
    ) as unknown as BatchItem['query'];
    item = { text, values, query };
  });
  return [item, done];
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  // Pipeline mode: a client writes each query at once instead of waiting for the answer to the one
  // before it (answers still come back in order); transactions use it to send BEGIN, the
  // caller's settings and the first statement in one round trip (BatchQuery, runAs).
  const pool = new pg.Pool({ connectionString, max, pipeline: true });
  // An idle client that dies (server restart) must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  await pool.query('select 1');
  let listener: pg.Client | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  // One connection for LISTEN. If it drops (server restart, network), it is replaced and every
  // channel is listened to again, so realtime and schema reloads do not go silent.
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    client.on('error', (err) => {
      console.error('[db] listener connection lost:', err.message);
      if (listener === client) listener = undefined;
      void reconnect();
    });
    await client.connect();
    return client;
  }

  async function reconnect(delayMs = 500): Promise<void> {
    if (closed || listener) return;
    await new Promise((r) => setTimeout(r, delayMs));
    if (closed || listener) return;
    try {
      const client = await connectListener();
      for (const channel of handlers.keys()) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      listener = client;
    } catch {
      void reconnect(Math.min(delayMs * 2, 10_000));
    }
  }
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      /** The COMMIT sent behind the statements (Queryable.commitNow), if the caller asked. */
      let commit: Promise<unknown> | undefined;
      /** That COMMIT was answered without error: the transaction is over, nothing to undo. */
      let ended = false;
      /**
       * BEGIN and the statements fn sends before it first waits go out as one batch (BatchQuery):
       * one write, one flush back. Later statements are sent one by one.
       */
      let batch: BatchItem[] | undefined = [];
      const send = () => {
        const items = batch;
        batch = undefined;
        if (items?.length) void client.query(new BatchQuery(items) as unknown as pg.QueryConfig);
      };
      const query = <R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> => {
        if (!batch) return run<R>(client, sql, params);
        const [item, done] = batchItem<R>(sql, params);
        batch.push(item);
        return done;
      };
      const tx: Queryable = {
        query,
        async exec(sql: string) {
          send();
          await client.query(sql);
        },
        pipelined: true,
        commitNow: () => {
          if (commit) return;
          commit = query('commit').then(() => {
            ended = true;
          });
          commit.catch(() => undefined);
        },
      };
      try {
        // BEGIN is not awaited: the caller's first statements follow it in the same batch. A
        // pooled connection is never left inside a transaction (below), so BEGIN only fails when
        // the connection does, and then nothing behind it runs either. Its error comes first.
        let pending: Promise<T>;
        const begun = query('begin');
        begun.catch(() => undefined);
        try {
          pending = fn(tx);
        } finally {
          send();
        }
        let out: T;
        try {
          out = await pending;
        } catch (e) {
          await begun;
          // A failure ahead of the pipelined COMMIT made the server skip it.
          if (commit) await commit.catch(() => undefined);
          throw e;
        }
        await begun;
        await (commit ?? client.query('commit'));
        return out;
      } catch (e) {
        // After a pipelined COMMIT that was answered the transaction is over: a ROLLBACK would
        // only draw a warning. Otherwise undo it here (also when that COMMIT failed or was
        // skipped after an error: the transaction is aborted, or the connection may be gone).
        if (!ended) {
          await client.query('rollback').catch((err: unknown) => {
            // A connection that cannot roll back is not given to the next request.
            broken = err instanceof Error ? err : new Error(String(err));
          });
        }
        throw e;
      } finally {
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      if (!listener) {
        const client = await connectListener();
        for (const ch of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(ch)}`);
        listener = client;
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      await listener?.end();
      await pool.end();
    },
  };
}
