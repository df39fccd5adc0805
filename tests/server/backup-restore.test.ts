// `npm run backup` and `npm run restore FILE` (README "Backups", server/db/backup.ts): a backup of
// the running backend taken while clients keep writing (rows through REST, sign-ups through the
// auth admin API, uploads through storage) is one consistent snapshot, and restoring it into an
// empty database (a new PGlite folder, or a new PostgreSQL database when TEST_DATABASE_URL is set)
// brings back every row of every table, auth users and storage objects' metadata included; a
// backend started on the restored database serves it (sign-in, new rows after the restored ids).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import { startServer, type RunningServer } from '../../server/app.ts';
import { parseBackup, type BackupHeader } from '../../server/db/backup.ts';
import { REPO_ROOT, WELL_KNOWN } from '../../server/gateway/config.ts';
import { serviceClient } from './support/fixture-server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
let tmp: string;
let source: RunningServer;
const dropLater: (() => Promise<void>)[] = [];

async function newDatabase(): Promise<{ databaseUrl?: string; dataDir?: string }> {
  if (adminUrl) {
    const fresh = await freshDatabase(adminUrl, 'arivia_backup');
    dropLater.push(fresh.drop);
    return { databaseUrl: fresh.url };
  }
  return { dataDir: await mkdtemp(path.join(tmp, 'db-')) };
}

/** A backend on `target`, its files in `storageDir` (read from the environment at start). */
async function start(
  target: { databaseUrl?: string; dataDir?: string },
  storageDir: string,
): Promise<RunningServer> {
  const previous = process.env.STORAGE_DIR;
  process.env.STORAGE_DIR = storageDir;
  try {
    return await startServer({
      workdir: REPO_ROOT,
      port: 0,
      host: '127.0.0.1',
      ...(target.databaseUrl ? { databaseUrl: target.databaseUrl, dataDir: null } : target),
    });
  } finally {
    if (previous === undefined) delete process.env.STORAGE_DIR;
    else process.env.STORAGE_DIR = previous;
  }
}

/** Runs `tsx scripts/<script>` as npm would; resolves with its exit code and output. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('scripts', script), ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'arivia-backup-'));
  const target = await newDatabase();
  source = await start(target, path.join(tmp, 'storage'));
}, 180_000);

afterAll(async () => {
  await source?.close();
  for (const drop of dropLater) await drop().catch(() => undefined);
  await rm(tmp, { recursive: true, force: true });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('backup and restore', () => {
  let header: BackupHeader;
  let file: string;
  const done = { events: 0, users: 0, objects: 0 };
  const before = { events: 0, users: 0, objects: 0 };
  const after = { events: 0, users: 0, objects: 0 };
  const base = { events: 0, users: 0, objects: 0 };
  const users: { email: string; password: string }[] = [];

  it('a backup taken while clients write is one consistent snapshot', async () => {
    const service = serviceClient(source.url);
    const count = async (table: string, schema = 'public') =>
      (
        await source.db.query<{ n: number }>(
          `select count(*)::int as n from "${schema}"."${table}"`,
        )
      ).rows[0]!.n;
    base.events = await count('client_events');
    base.users = await count('users', 'auth');
    base.objects = await count('objects', 'storage');

    let stop = false;
    /** Polls a condition of the running writes (no fixed pause). */
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise((r) => setTimeout(r, 20));
    };
    const lane = async (write: (i: number) => Promise<void>, key: keyof typeof done) => {
      for (let i = 0; !stop; i++) {
        await write(i);
        done[key] += 1;
      }
    };
    const lanes = [
      lane(async () => {
        const { error } = await service
          .from('client_events')
          .insert({ kind: 'write_refused', code: 'backup-test' });
        if (error) throw new Error(error.message);
      }, 'events'),
      lane(async (i) => {
        const email = `backup-${i}-${Date.now().toString(36)}@backup.test`;
        const password = `pw-${i}-backup`;
        const { error } = await service.auth.admin.createUser({
          email,
          password,
          email_confirm: true,
        });
        if (error) throw new Error(error.message);
        users.push({ email, password });
      }, 'users'),
      lane(async (i) => {
        const { error } = await service.storage
          .from('property-photos')
          .upload(`backup-test/${Date.now()}-${i}.png`, PNG, { contentType: 'image/png' });
        if (error) throw new Error(error.message);
      }, 'objects'),
    ];
    try {
      // Let the writes get going, then take the backup in their midst.
      await until(() => done.events >= 5 && done.users >= 2 && done.objects >= 2);
      Object.assign(before, done);
      file = path.join(tmp, 'backup.ndjson');
      const backup = await runScript('backup.ts', [file, '--url', source.url]);
      expect(backup.out).toMatch(/Backup of \d+ tables/);
      expect(backup.code).toBe(0);
      Object.assign(after, done);
      // Writes go on after it: each kind has one the backup must not hold.
      await until(
        () =>
          done.events > after.events && done.users > after.users && done.objects > after.objects,
      );
    } finally {
      stop = true;
      await Promise.all(lanes);
    }
    expect(after.events).toBeGreaterThan(before.events);

    header = parseBackup(await readFile(file, 'utf8')).header;
    const t = header.tables;
    // Every write acknowledged before the backup began is in it; none made after it ended.
    expect(t['public.client_events']).toBeGreaterThanOrEqual(base.events + before.events);
    expect(t['public.client_events']).toBeLessThanOrEqual(base.events + after.events);
    expect(t['auth.users']).toBeGreaterThanOrEqual(base.users + before.users);
    expect(t['auth.users']).toBeLessThanOrEqual(base.users + after.users);
    expect(t['storage.objects']).toBeGreaterThanOrEqual(base.objects + before.objects);
    expect(t['storage.objects']).toBeLessThanOrEqual(base.objects + after.objects);
    // One snapshot: each user's profile (made by a trigger in the sign-up's transaction) with it.
    expect(t['public.profiles']).toBe(t['auth.users']);
    expect(t['auth.identities']).toBe(t['auth.users']);
  }, 180_000);

  it('restores every row into an empty database, which then serves as the original did', async () => {
    expect(header).toBeDefined();
    const target = await newDatabase();
    const restore = await runScript(
      'restore.ts',
      [file, ...(target.dataDir ? ['--data', target.dataDir] : [])],
      target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {},
    );
    expect(restore.out).toMatch(/Restored \d+ rows/);
    expect(restore.code).toBe(0);

    // A second restore into the now full database is refused.
    const again = await runScript(
      'restore.ts',
      [file, ...(target.dataDir ? ['--data', target.dataDir] : [])],
      target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {},
    );
    expect(again.code).not.toBe(0);

    const restored = await start(target, path.join(tmp, 'storage-restored'));
    try {
      expect(restored.migrations.applied).toEqual([]);
      expect(restored.migrations.seeded).toBe(false);
      const counts: Record<string, number> = {};
      for (const name of Object.keys(header.tables)) {
        const [schema, table] = name.split('.') as [string, string];
        counts[name] = (
          await restored.db.query<{ n: number }>(
            `select count(*)::int as n from "${schema}"."${table}"`,
          )
        ).rows[0]!.n;
      }
      expect(counts).toEqual(header.tables);

      // A user made while the backup ran signs in; a new row gets an id after the restored ones.
      const user = users[0]!;
      const res = await fetch(`${restored.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: WELL_KNOWN.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(user),
      });
      expect(res.status).toBe(200);
      const { error } = await serviceClient(restored.url)
        .from('client_events')
        .insert({ kind: 'write_refused', code: 'after-restore' });
      expect(error).toBeNull();
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('answers only the service role, on loopback', async () => {
    const get = (headers: Record<string, string>) =>
      fetch(`${source.url}/_admin/backup`, { headers });
    expect((await get({ apikey: WELL_KNOWN.anonKey })).status).toBe(401);
    expect(
      (
        await get({
          apikey: WELL_KNOWN.anonKey,
          Authorization: `Bearer ${WELL_KNOWN.anonKey}`,
        })
      ).status,
    ).toBe(401);
    const key = WELL_KNOWN.serviceRoleKey;
    expect(
      (await get({ apikey: key, Authorization: `Bearer ${key}`, Origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
  });
});
