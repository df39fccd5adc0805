// PGlite adapter: embedded Postgres in WebAssembly. One connection, so every transaction is
// serialised by PGlite itself; a data directory keeps the database between runs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
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

// The extensions Supabase projects commonly create (hosted Supabase ships them all), so the same
// `create extension ... with schema extensions` in a migration works here too.
const extensions = { btree_gist, citext, moddatetime, pg_trgm, pgcrypto, unaccent, uuid_ossp };

export async function openPglite(dataDir?: string): Promise<Database> {
  // PGlite creates its own folder but not the ones above it (.data/ on a fresh clone).
  if (dataDir && !dataDir.includes('://'))
    mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions });
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
