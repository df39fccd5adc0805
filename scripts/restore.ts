// `npm run restore FILE [-- --data DIR]`: loads a backup (npm run backup) into an empty database:
// the PostgreSQL named by DATABASE_URL, or else a new PGlite data folder (--data, PGLITE_DATA_DIR,
// default .data/db) that must not exist yet or be empty: stop the backend and move the old folder
// away first. The next `npm start` applies any migration newer than the backup. Stored files'
// bytes are not in the backup (README "Backups"). See server/db/backup.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { restoreDatabase } from '../server/db/backup.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { REPO_ROOT } from '../server/gateway/config.ts';

const { values, positionals } = parseArgs({
  options: { data: { type: 'string' } },
  allowPositionals: true,
});

const file = positionals[0];
if (!file) {
  console.error('usage: npm run restore FILE [-- --data DIR]   (or DATABASE_URL=postgres://… )');
  process.exit(2);
}

try {
  const raw = readFileSync(path.resolve(file));
  // gzip's magic bytes, whatever the file is called.
  const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
  const url = process.env.DATABASE_URL;
  let target: string;
  let db;
  if (url) {
    target = url.replace(/\/\/[^@/]*@/, '//…@');
    db = await openPostgres(url, 1);
  } else {
    const dir = path.resolve(
      values.data ?? process.env.PGLITE_DATA_DIR ?? path.join(REPO_ROOT, '.data', 'db'),
    );
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new Error(
        `${dir} already holds a database: stop the backend and move it away first (e.g. mv ${dir} ${dir}.old)`,
      );
    target = dir;
    db = await openPglite(dir);
  }
  try {
    const restored = await restoreDatabase(db, text, (l) => console.log(l));
    const rows = Object.values(restored).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows in ${Object.keys(restored).length} tables into ${target}`);
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(`restore failed: ${(e as Error).message}`);
  process.exit(1);
}
