// Brings a database to the project's schema: platform bootstrap, then supabase/migrations/*.sql in
// file-name order, each once and recorded as the Supabase CLI records them, then the seed files
// ([db.seed] sql_paths, default ./seed.sql) on a fresh database only.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

/**
 * The migration role's search_path on the platform (`postgres`: "$user", public, extensions), set
 * for each migration's and seed's transaction, so extensions' functions work unqualified.
 */
const MIGRATION_SEARCH_PATH = `select pg_catalog.set_config('search_path', '"$user", public, extensions', true)`;

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
  total: number;
}

/** Supabase CLI file names: <version>_<name>.sql */
function parseName(file: string) {
  const m = /^(\d+)_?(.*)\.sql$/.exec(file);
  return m ? { version: m[1]!, name: m[2] ?? '' } : null;
}

/** Expands the Supabase CLI's seed paths: plain files or `*` globs in one folder, in order. */
export async function seedFiles(supabaseDir: string, patterns: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const pattern of patterns) {
    const full = path.resolve(supabaseDir, pattern);
    if (!full.includes('*')) {
      if (existsSync(full) && !out.includes(full)) out.push(full);
      continue;
    }
    const dir = path.dirname(full);
    const re = new RegExp(
      '^' +
        path
          .basename(full)
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replaceAll('*', '.*') +
        '$',
    );
    if (!existsSync(dir)) continue;
    for (const f of (await readdir(dir)).filter((f) => re.test(f)).sort()) {
      const p = path.join(dir, f);
      if (!out.includes(p)) out.push(p);
    }
  }
  return out;
}

export async function migrate(
  db: Database,
  supabaseDir: string,
  opts: { seed?: boolean; seedPaths?: string[]; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const log = opts.log ?? (() => undefined);
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  // Roles are cluster-wide: two databases bootstrapping at once on one cluster must not race.
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7254001)');
    await tx.exec(bootstrap);
  });

  const dir = path.join(supabaseDir, 'migrations');
  const files = existsSync(dir)
    ? (await readdir(dir)).filter((f) => f.endsWith('.sql') && parseName(f)).sort()
    : [];
  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const fresh = done.size === 0;
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = parseName(file)!;
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.query(MIGRATION_SEARCH_PATH);
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      });
    } catch (e) {
      throw new Error(`migration ${file} failed: ${(e as Error).message}`, { cause: e });
    }
    applied.push(file);
    log(`applied ${file}`);
  }

  let seeded = false;
  if (fresh && opts.seed !== false) {
    for (const file of await seedFiles(supabaseDir, opts.seedPaths ?? ['./seed.sql'])) {
      const sql = await readFile(file, 'utf8');
      await db
        .transaction(async (tx) => {
          await tx.query(MIGRATION_SEARCH_PATH);
          await tx.exec(sql);
        })
        .catch((e: Error) => {
          throw new Error(`${path.relative(supabaseDir, file)} failed: ${e.message}`, { cause: e });
        });
      seeded = true;
      log(`applied ${path.relative(supabaseDir, file)}`);
    }
  }
  return { applied, seeded, total: files.length };
}
