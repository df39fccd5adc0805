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

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const r = await q.query({ text: sql, values: params, types: typeParsers });
      return {
        rows: r.rows as R[],
        rowCount: r.rowCount ?? r.rows.length,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
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
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
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
