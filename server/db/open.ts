import type { Database } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export interface DbOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
}

export function openDatabase(opts: DbOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
