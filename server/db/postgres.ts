// PostgreSQL adapter (node-postgres pool) for any PostgreSQL 15+ given by DATABASE_URL.
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types.ts';

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

/** A transaction's statements on a pipelining client (`pipeline: true`; Queryable.pipelined). */
function pipelinedTx(client: pg.PoolClient): Queryable {
  return { ...wrap(client), pipelined: true };
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  // Pipeline mode: a client writes each query at once instead of waiting for the answer to the one
  // before it (answers still come back in order); transactions use it to send BEGIN, the
  // caller's settings and the first statement in one round trip (pipelinedTx, runAs).
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
      try {
        // BEGIN is not awaited: the caller's first statements follow it on the wire. A pooled
        // connection is never left inside a transaction (below), so BEGIN only fails when the
        // connection does, and then nothing behind it runs either. Its error comes first.
        const begun = client.query('begin');
        begun.catch(() => undefined);
        let out: T;
        try {
          out = await fn(pipelinedTx(client));
        } catch (e) {
          await begun;
          throw e;
        }
        await begun;
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch((err: unknown) => {
          // A connection that cannot roll back is not given to the next request.
          broken = err instanceof Error ? err : new Error(String(err));
        });
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
