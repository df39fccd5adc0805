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
function pipelinedTx(client: pg.PoolClient, commitNow: () => void): Queryable {
  return { ...wrap(client), pipelined: true, commitNow };
}

/**
 * The client's socket. node-postgres writes each pipelined statement to it at once (a statement
 * with parameters as one corked write of Parse, Bind, Describe, Execute and Sync); corking it
 * around a transaction's first statements makes them one write. Each socket write is a system
 * call that also runs the loopback TCP delivery to the server: about 0.04 ms on the 2-core
 * benchmark machine, as much as the work of a small statement (bench/README.md, issue 17).
 */
function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { cork(): void; uncork(): void } } })
    .connection?.stream;
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
      /** The COMMIT sent behind the statements (Queryable.commitNow), if the caller asked. */
      let commit: Promise<unknown> | undefined;
      /** That COMMIT was answered without error: the transaction is over, nothing to undo. */
      let ended = false;
      try {
        // BEGIN is not awaited: the caller's first statements follow it on the wire, in the same
        // socket write (corked until fn's synchronous part has sent them). A pooled connection is
        // never left inside a transaction (below), so BEGIN only fails when the connection does,
        // and then nothing behind it runs either. Its error comes first.
        const socket = socketOf(client);
        socket?.cork();
        let begun: Promise<unknown>;
        let pending: Promise<T>;
        try {
          begun = client.query('begin');
          begun.catch(() => undefined);
          pending = fn(
            pipelinedTx(client, () => {
              if (commit) return;
              commit = client.query('commit').then(() => {
                ended = true;
              });
              commit.catch(() => undefined);
            }),
          );
        } finally {
          socket?.uncork();
        }
        let out: T;
        try {
          out = await pending;
        } catch (e) {
          await begun;
          // A failure ahead of the pipelined COMMIT made the server roll back instead.
          if (commit) await commit.catch(() => undefined);
          throw e;
        }
        await begun;
        await (commit ?? client.query('commit'));
        return out;
      } catch (e) {
        // After a pipelined COMMIT that was answered the transaction is over (committed, or
        // rolled back by the server after a failure ahead of it): a ROLLBACK would only draw a
        // warning. Otherwise undo it here (also when that COMMIT failed: the connection may be
        // gone).
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
