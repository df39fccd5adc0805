// Bytes on disk, on a fixture backend whose storage folder the test can read: every object's bytes
// are one complete file named by its version, replaced and removed versions disappear, refused and
// aborted uploads leave neither a row nor a file (nor a temp file), a row whose file is gone
// answers 404, and objects survive a restart of the server.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  ANON_KEY,
  client,
  FIXTURE_DIR,
  mintToken,
  removeDir,
  serviceClient,
  startFixture,
  type Fixture,
} from '../fixtures/storage-project/harness.ts';

let fx: Fixture;
let user: string;
let token: string;

async function objectFiles(dir = fx.storageDir): Promise<string[]> {
  const root = path.join(dir, 'objects');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const d of await readdir(root)) {
    for (const f of await readdir(path.join(root, d))) out.push(f);
  }
  return out.sort();
}

async function tempFiles(dir = fx.storageDir): Promise<string[]> {
  const tmp = path.join(dir, '.tmp');
  return existsSync(tmp) ? readdir(tmp) : [];
}

const fileOf = (version: string, dir = fx.storageDir) =>
  path.join(dir, 'objects', version.slice(0, 2), version);

const box = () => client(fx.url, ANON_KEY, token).storage.from('owner-box');

async function versionOf(name: string): Promise<string> {
  const { data, error } = await box().info(name);
  if (error) throw error;
  return data.version;
}

beforeAll(async () => {
  fx = await startFixture();
  user = crypto.randomUUID();
  token = await mintToken(user);
});

afterAll(async () => {
  await fx?.stop();
  if (fx) await removeDir(fx.storageDir);
});

describe('bytes on disk', () => {
  it('stores each object as one complete file named by its version', async () => {
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
    expect(
      (await box().upload('a.bin', bytes, { contentType: 'application/octet-stream' })).error,
    ).toBeNull();
    const version = await versionOf('a.bin');
    expect(await readFile(fileOf(version))).toEqual(bytes);
    const info = await box().info('a.bin');
    expect(info.data!.etag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
    expect(await tempFiles()).toEqual([]);
  });

  it('replacing an object removes the old version; removing it removes the file', async () => {
    expect((await box().upload('r.txt', 'first')).error).toBeNull();
    const first = await versionOf('r.txt');
    expect((await box().upload('r.txt', 'second', { upsert: true })).error).toBeNull();
    const second = await versionOf('r.txt');
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect((await readFile(fileOf(second))).toString()).toBe('second');
    expect((await box().remove(['r.txt'])).data).toHaveLength(1);
    expect(existsSync(fileOf(second))).toBe(false);
  });

  it('moving keeps the bytes; copying makes a second file', async () => {
    expect((await box().upload('m.txt', 'moved bytes')).error).toBeNull();
    const version = await versionOf('m.txt');
    expect((await box().move('m.txt', 'moved/m.txt')).error).toBeNull();
    expect(await versionOf('moved/m.txt')).toBe(version);
    expect((await box().copy('moved/m.txt', 'copy.txt')).error).toBeNull();
    const copy = await versionOf('copy.txt');
    expect(copy).not.toBe(version);
    expect((await readFile(fileOf(copy))).toString()).toBe('moved bytes');
  });
});

describe('nothing half-written', () => {
  it('refused uploads (too large, wrong type, no permission) leave no file', async () => {
    const before = await objectFiles();
    const tiny = client(fx.url, ANON_KEY, token).storage.from('tiny-box');
    expect(
      (await tiny.upload('big.txt', 'x'.repeat(1001), { contentType: 'text/plain' })).error,
    ).toMatchObject({
      statusCode: '413',
    });
    const blob = new Blob(['x'.repeat(5000)], { type: 'text/plain' });
    expect((await tiny.upload('big-multipart.txt', blob)).error).toMatchObject({
      statusCode: '413',
    });
    expect(
      (await tiny.upload('t.png', new Blob(['x'], { type: 'image/png' }))).error,
    ).toMatchObject({
      statusCode: '415',
    });
    const anon = client(fx.url).storage.from('owner-box');
    expect((await anon.upload('anon.txt', 'x')).error).toMatchObject({ statusCode: '403' });
    expect(await objectFiles()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('an upload cut off mid-body leaves no row, no file and no temp file', async () => {
    const before = await objectFiles();
    const base = new URL(fx.url);
    await new Promise<void>((resolve, reject) => {
      const req = http.request({
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: '/storage/v1/object/owner-box/cut.bin',
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'content-length': String(4 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      // Cut the body off once the server is writing it to its temp file, not at a guessed moment.
      req.write(Buffer.alloc(256 * 1024, 7), () => {
        vi.waitFor(async () => expect(await tempFiles()).not.toEqual([]), { interval: 20 })
          .then(() => (req.destroy(), resolve()))
          .catch(reject);
      });
    });
    // The server removes the temp file when the body breaks off; once it is gone, the request has
    // failed for good (the row is only written after a complete body).
    await vi.waitFor(async () => expect(await tempFiles()).toEqual([]), { interval: 20 });
    expect((await box().exists('cut.bin')).data).toBe(false);
    expect(await objectFiles()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('racing writers of one key leave exactly one file behind', async () => {
    const before = await objectFiles();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => box().upload('race.txt', `writer ${i}`)),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    const after = await objectFiles();
    expect(after.filter((f) => !before.includes(f))).toEqual([await versionOf('race.txt')]);
    expect(await tempFiles()).toEqual([]);
  });

  it('a row whose file vanished answers 404, and the server keeps serving', async () => {
    expect((await box().upload('lost.txt', 'soon gone')).error).toBeNull();
    await unlink(fileOf(await versionOf('lost.txt')));
    expect((await box().download('lost.txt')).error).toMatchObject({ statusCode: '404' });
    const signed = await box().createSignedUrl('lost.txt', 60);
    expect((await fetch(signed.data!.signedUrl)).status).toBe(400);
    expect((await box().upload('fine.txt', 'fine')).error).toBeNull();
  });
});

describe('restart', () => {
  it('objects survive a restart of the server on the same database and folder', async () => {
    const dataDir = process.env.TEST_DATABASE_URL
      ? undefined
      : path.join(await mkdtemp(path.join(os.tmpdir(), 'storage-restart-')), 'db');
    // No STORAGE_DIR: the folder follows the server's rule (next to PGlite's data, or per database).
    const first = await startFixture({ dataDir, storageDir: null });
    const sub = crypto.randomUUID();
    const auth = await mintToken(sub);
    try {
      const files = client(first.url, ANON_KEY, auth).storage.from('owner-box');
      expect((await files.upload('kept.txt', 'still here')).error).toBeNull();
      expect(await objectFiles(first.storageDir)).toHaveLength(1);
    } finally {
      await first.stop({ keepDatabase: true });
    }
    const second = await startFixture({
      dataDir,
      storageDir: null,
      databaseUrl: first.databaseUrl,
    });
    try {
      const files = client(second.url, ANON_KEY, auth).storage.from('owner-box');
      expect(await (await files.download('kept.txt')).data!.text()).toBe('still here');
      expect(
        (await serviceClient(second.url).storage.from('owner-box').remove(['kept.txt'])).error,
      ).toBeNull();
    } finally {
      await second.stop();
      await removeDir(second.storageDir);
      if (dataDir) await removeDir(path.dirname(dataDir));
      else {
        // On PostgreSQL the folder was <fixture>/.data/storage/pg-<db>: its parents go once empty
        // (another run of the suite on this machine may be using them).
        for (const dir of ['.data/storage', '.data'])
          await rmdir(path.join(FIXTURE_DIR, dir)).catch(() => undefined);
      }
    }
  }, 120_000);
});
