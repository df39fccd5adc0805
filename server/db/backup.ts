// A logical backup of the whole database (every table's rows, the sequences, and the migrations
// that made the schema), taken in one transaction, and its restore into an empty database: PGlite
// (a data directory) or PostgreSQL. `npm run backup` asks the running backend for one
// (GET /_admin/backup, server/gateway/backup-route.ts) and `npm run restore FILE` loads it
// (scripts/restore.ts). See README "Backups".
//
// Consistency: the dump is one transaction. On PostgreSQL it is REPEATABLE READ and READ ONLY, so
// every table is read from one snapshot while writes go on; on PGlite (one connection) the
// transaction holds the database, so every other request waits behind it for its few hundred
// milliseconds.
//
// The file: JSON lines, so that rows are never parsed in JavaScript (an int8 or a numeric keeps
// every digit): line 1 is the header { format, version, taken_at, source, tables: { name: rows } },
// then one { migration } line per applied migration (version, name, statements: the schema is
// rebuilt from them, as the Supabase CLI records them), one { sequences } line, and per table a
// { table, columns } line followed by one line holding its rows as PostgreSQL's json_agg wrote
// them. Restore: bootstrap.sql, the backup's migrations in order, then in one transaction with
// triggers and foreign-key checks off (session_replication_role = replica, as pg_dump's
// --disable-triggers does) each table's rows via json_populate_recordset, then the sequences.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './types.ts';

export const BACKUP_FORMAT = 'arivia-backup';
export const BACKUP_VERSION = 1;

const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
/** The migration role's search_path, as server/db/migrator.ts sets it for each migration. */
const MIGRATION_SEARCH_PATH = `select pg_catalog.set_config('search_path', '"$user", public, extensions', true)`;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  taken_at: string;
  source: Database['kind'];
  /** Rows per table ("schema.table"), counted in the dump's own transaction. */
  tables: Record<string, number>;
}

/** Schemas that are the server's own: never dumped. */
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'`;

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/**
 * Relations of one kind ('r' ordinary tables, 'S' sequences) outside the system schemas and not
 * owned by an extension.
 */
async function listRelations(tx: Queryable, kind: 'r' | 'S') {
  const { rows } = await tx.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = $1 and ${SYSTEM_SCHEMAS}
        and not exists (select 1 from pg_catalog.pg_depend d
                         where d.classid = 'pg_catalog.pg_class'::regclass
                           and d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
    [kind],
  );
  return rows;
}

/** Columns a restore writes: all but generated ones (those are computed again). */
async function writableColumns(tx: Queryable, schema: string, name: string) {
  const { rows } = await tx.query<{ name: string }>(
    `select a.attname as name
       from pg_catalog.pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
      order by a.attnum`,
    [qualified(schema, name)],
  );
  return rows.map((r) => r.name);
}

/** The whole database as backup lines (see the file's header comment), from one transaction. */
export async function dumpDatabase(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres')
      await tx.query('set transaction isolation level repeatable read, read only');
    const tables = await listRelations(tx, 'r');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      taken_at: new Date().toISOString(),
      source: db.kind,
      tables: {},
    };
    const body: string[] = [];
    const migrations = await tx.query<{ version: string; name: string; statements: string[] }>(
      `select version, name, statements from supabase_migrations.schema_migrations order by version`,
    );
    for (const m of migrations.rows) body.push(JSON.stringify({ migration: m }));
    const sequences: { name: string; last_value: string; is_called: boolean }[] = [];
    for (const s of await listRelations(tx, 'S')) {
      const { rows } = await tx.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${qualified(s.schema, s.name)}`,
      );
      sequences.push({ name: qualified(s.schema, s.name), ...rows[0]! });
    }
    body.push(JSON.stringify({ sequences }));
    for (const t of tables) {
      const name = `${t.schema}.${t.name}`;
      const { rows } = await tx.query<{ n: number; rows: string }>(
        `select count(*)::int as n, coalesce(json_agg(x), '[]')::text as rows
           from ${qualified(t.schema, t.name)} x`,
      );
      header.tables[name] = rows[0]!.n;
      body.push(JSON.stringify({ table: { schema: t.schema, name: t.name } }));
      body.push(rows[0]!.rows.replace(/\n/g, ' '));
    }
    return [JSON.stringify(header), ...body];
  });
}

export class BackupError extends Error {}

interface ParsedBackup {
  header: BackupHeader;
  migrations: { version: string; name: string; statements: string[] }[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
  tables: { schema: string; name: string; rows: string }[];
}

export function parseBackup(text: string): ParsedBackup {
  const lines = text.split('\n').filter((l) => l.length > 0);
  let header: BackupHeader;
  try {
    header = JSON.parse(lines[0] ?? '') as BackupHeader;
  } catch {
    throw new BackupError('Not a backup file (no header line)');
  }
  if (header.format !== BACKUP_FORMAT) throw new BackupError('Not a backup file');
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(`Backup format version ${header.version} is not supported`);
  const out: ParsedBackup = { header, migrations: [], sequences: [], tables: [] };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    // Row lines are arrays: kept as text for PostgreSQL to read.
    if (line.startsWith('[')) throw new BackupError(`Line ${i + 1}: rows without a table`);
    const entry = JSON.parse(line) as {
      migration?: ParsedBackup['migrations'][number];
      sequences?: ParsedBackup['sequences'];
      table?: { schema: string; name: string };
    };
    if (entry.migration) out.migrations.push(entry.migration);
    else if (entry.sequences) out.sequences = entry.sequences;
    else if (entry.table) {
      const rows = lines[++i];
      if (rows === undefined || !rows.startsWith('['))
        throw new BackupError(`Line ${i + 1}: the rows of ${entry.table.name} are missing`);
      out.tables.push({ ...entry.table, rows });
    }
  }
  const missing = Object.keys(header.tables).filter(
    (t) => !out.tables.some((x) => `${x.schema}.${x.name}` === t),
  );
  if (missing.length > 0) throw new BackupError(`The backup is cut short (${missing[0]} missing)`);
  return out;
}

/** True when the database holds no project schema yet (no migration applied, no table in public). */
export async function isEmptyDatabase(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ tables: number; recorded: boolean }>(
    `select (select count(*)::int from pg_catalog.pg_class c
               join pg_catalog.pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relkind in ('r', 'v', 'p')) as tables,
            to_regclass('supabase_migrations.schema_migrations') is not null as recorded`,
  );
  if (rows[0]!.tables > 0) return false;
  if (!rows[0]!.recorded) return true;
  const done = await db.query('select 1 from supabase_migrations.schema_migrations limit 1');
  return done.rows.length === 0;
}

/**
 * Loads a backup into an empty database: the platform bootstrap, the backup's migrations, then
 * every table's rows and the sequences in one transaction. Returns the rows per table restored.
 */
export async function restoreDatabase(
  db: Database,
  text: string,
  log: (line: string) => void = () => undefined,
): Promise<Record<string, number>> {
  const backup = parseBackup(text);
  if (!(await isEmptyDatabase(db)))
    throw new BackupError('The database is not empty: restore only into a new, empty database');
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7254001)');
    await tx.exec(bootstrap);
  });
  for (const m of backup.migrations) {
    await db.transaction(async (tx) => {
      await tx.query(MIGRATION_SEARCH_PATH);
      for (const sql of m.statements) await tx.exec(sql);
    });
    log(`schema: ${m.version}_${m.name}`);
  }
  const restored: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await tx.query(`select pg_catalog.set_config('session_replication_role', 'replica', true)`);
    if (backup.tables.length > 0)
      await tx.exec(`truncate ${backup.tables.map((t) => qualified(t.schema, t.name)).join(', ')}`);
    for (const t of backup.tables) {
      const target = qualified(t.schema, t.name);
      const columns = (await writableColumns(tx, t.schema, t.name)).map(ident).join(', ');
      const r = await tx.query(
        `insert into ${target} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${target}, $1::json)`,
        [t.rows],
      );
      restored[`${t.schema}.${t.name}`] = r.rowCount;
    }
    for (const s of backup.sequences)
      await tx.query(`select pg_catalog.setval($1::regclass, $2::bigint, $3)`, [
        s.name,
        s.last_value,
        s.is_called,
      ]);
  });
  log(
    `data: ${Object.values(restored).reduce((a, b) => a + b, 0)} rows in ${backup.tables.length} tables`,
  );
  return restored;
}
