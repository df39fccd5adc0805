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
  const handlers = new Map<string, Set<(payload: string) => void>>();
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
        listener = new pg.Client({ connectionString });
        await listener.connect();
        listener.on('notification', (n) => {
          for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
        });
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
      await listener?.end();
      await pool.end();
    },
  };
}
