// `npm run backup [-- FILE] [--url URL]`: a consistent copy of the running database in FILE
// (default .data/backups/arivia-<time>.ndjson; a name ending in .gz is gzipped). With the local
// backend running (npm start / npm run backend) it asks it (GET /_admin/backup, loopback and the
// service role key only); with DATABASE_URL set it reads that PostgreSQL directly, in one REPEATABLE
// READ transaction. Restore with `npm run restore FILE` (README "Backups", server/db/backup.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { dumpDatabase, parseBackup } from '../server/db/backup.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { REPO_ROOT, WELL_KNOWN } from '../server/gateway/config.ts';

const { values, positionals } = parseArgs({
  options: { url: { type: 'string' } },
  allowPositionals: true,
});

const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const file = path.resolve(
  positionals[0] ?? path.join(REPO_ROOT, '.data', 'backups', `arivia-${stamp}.ndjson`),
);

async function fromServer(): Promise<string> {
  const base =
    values.url ?? process.env.SUPABASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? '54321'}`;
  const key = process.env.SERVICE_ROLE_KEY ?? WELL_KNOWN.serviceRoleKey;
  let res: Response;
  try {
    res = await fetch(new URL('/_admin/backup', base), {
      headers: { apikey: key, Authorization: `Bearer ${key}` },
    });
  } catch (e) {
    throw new Error(
      `No backend answers at ${base} (${(e as Error).message}). Start it (npm start), or set DATABASE_URL to back up a PostgreSQL directly.`,
      { cause: e },
    );
  }
  if (!res.ok) throw new Error(`${base} refused the backup: ${res.status} ${await res.text()}`);
  return res.text();
}

async function fromPostgres(url: string): Promise<string> {
  const db = await openPostgres(url, 1);
  try {
    return (await dumpDatabase(db)).join('\n') + '\n';
  } finally {
    await db.close();
  }
}

try {
  const text = process.env.DATABASE_URL
    ? await fromPostgres(process.env.DATABASE_URL)
    : await fromServer();
  const { header } = parseBackup(text);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written beside, then renamed: a backup file is whole or absent.
  const partial = `${file}.partial`;
  writeFileSync(partial, file.endsWith('.gz') ? gzipSync(text) : text, { mode: 0o600 });
  renameSync(partial, file);
  const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backup of ${Object.keys(header.tables).length} tables (${rows} rows, ${header.source}, taken ${header.taken_at}) written to ${file}`,
  );
} catch (e) {
  console.error(`backup failed: ${(e as Error).message}`);
  process.exit(1);
}
