// PGlite adapter: embedded Postgres in WebAssembly. One connection, so every transaction is
// serialised by PGlite itself; a data directory keeps the database between runs.
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './types.ts';

// Same value shapes as the pg adapter: int8 as number when safe, numeric as string.
const parsers = {
  [types.INT8]: (v: string) => {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : v;
  },
  [types.NUMERIC]: (v: string) => v,
};

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const r = await q.query<R>(sql, params, { parsers });
      return {
        rows: r.rows,
        rowCount: r.affectedRows ?? r.rows.length,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => unsub();
    },
    close: () => pg.close(),
  };
}
