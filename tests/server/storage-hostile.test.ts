// Hostile input against /storage/v1: paths that try to climb out or look like file-system paths,
// malformed escapes and control characters, broken multipart and JSON bodies, aborted uploads, bad
// tokens, and attempts to reach another user's files. Each is refused with Storage's error shape,
// nothing is written, nothing leaks, and the server keeps serving.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { SignJWT } from 'jose';
import {
  mainUrl,
  rawHttp,
  rawStorage,
  serviceClient,
  signInDemo,
  unique,
  SERVICE_KEY,
  type SignedIn,
} from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const bucket = unique('hostile');
const files = () => service.storage.from(bucket);
let housekeeper: SignedIn;
let technician: SignedIn;
let secretPath: string;

/** The main backend's temp files (uploads land there first); other suites upload meanwhile. */
async function tempFiles(): Promise<string[]> {
  const dir = path.join(inject('storageDir'), '.tmp');
  return existsSync(dir) ? readdir(dir) : [];
}

/** The temp file that holds exactly `size` bytes and was not there before (this test's upload). */
async function tempFileOf(size: number, before: string[]): Promise<string> {
  return vi.waitFor(
    async () => {
      for (const f of await tempFiles()) {
        if (before.includes(f)) continue;
        const st = await stat(path.join(inject('storageDir'), '.tmp', f)).catch(() => null);
        if (st?.size === size) return f;
      }
      throw new Error(`no new temp file of ${size} bytes`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

async function names(): Promise<string[]> {
  const { data, error } = await service.storage.from(bucket).list('', { limit: 1000 });
  if (error) throw error;
  return data.map((f) => f.name).sort();
}

beforeAll(async () => {
  expect((await service.storage.createBucket(bucket)).error).toBeNull();
  expect((await files().upload('inside/keep.txt', 'keep')).error).toBeNull();
  housekeeper = await signInDemo('housekeeper');
  technician = await signInDemo('technician');
  secretPath = `task-${unique('secret')}/private.png`;
  const up = await housekeeper.sb.storage
    .from('task-photos')
    .upload(secretPath, new Blob(['secret'], { type: 'image/png' }));
  expect(up.error).toBeNull();
});

afterAll(async () => {
  await service.storage.from('task-photos').remove([secretPath]);
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
});

describe('hostile paths', () => {
  const badKeys = [
    '../escape.txt',
    'inside/../../escape.txt',
    'inside/./x.txt',
    '%2e%2e/escape.txt',
    'inside%2F..%2F..%2Fescape.txt',
    '%2Fetc%2Fpasswd',
    '/etc/passwd',
    'inside//double.txt',
    'trailing/',
    '..%5C..%5Cwindows.txt',
    'nul%00byte.txt',
    'line%0Abreak.txt',
    'bad%zzescape.txt',
    `${'a'.repeat(1100)}.txt`,
  ];

  it.each(badKeys)('refuses to upload %s with 400 and writes nothing', async (key) => {
    const before = await names();
    const res = await rawHttp('POST', `/storage/v1/object/${bucket}/${key}`, {
      body: 'payload',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect(await names()).toEqual(before);
  });

  it.each(['../inside/keep.txt', '%2e%2e/inside/keep.txt', 'inside/%2e/keep.txt'])(
    'refuses to read, sign or delete through %s',
    async (key) => {
      for (const [method, path] of [
        ['GET', `/storage/v1/object/${bucket}/${key}`],
        ['GET', `/storage/v1/object/info/${bucket}/${key}`],
        ['POST', `/storage/v1/object/sign/${bucket}/${key}`],
        ['DELETE', `/storage/v1/object/${bucket}/${key}`],
      ] as const) {
        const res = await rawHttp(method, path, {
          body: method === 'POST' ? '{"expiresIn":60}' : undefined,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.code).toBe('InvalidKey');
      }
      expect((await files().exists('inside/keep.txt')).data).toBe(true);
    },
  );

  it('refuses hostile bucket names', async () => {
    for (const b of ['..', '.', '%2e%2e', 'a%2Fb']) {
      const res = await rawHttp('POST', `/storage/v1/object/${b}/x.txt`, { body: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' });
    }
  });

  it('supabase-js paths with .. never reach another key', async () => {
    const before = await names();
    const up = await files().upload('inside/../../../escape.txt', 'x');
    expect(up.error).not.toBeNull();
    const down = await files().download('../inside/keep.txt');
    expect(down.error).not.toBeNull();
    expect(await names()).toEqual(before);
  });

  it('refuses move or copy to a hostile destination', async () => {
    const move = await files().move('inside/keep.txt', '../moved.txt');
    expect(move.error).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    const copy = await files().copy('inside/keep.txt', 'a/../../copied.txt');
    expect(copy.error).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect((await files().exists('inside/keep.txt')).data).toBe(true);
  });
});

describe('hostile bodies', () => {
  it('refuses malformed multipart and multipart without a file', async () => {
    const broken = await rawStorage(`/object/${bucket}/broken.txt`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nunterminated',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ statusCode: '400' });
    const noBoundary = await rawStorage(`/object/${bucket}/broken2.txt`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'whatever',
    });
    expect(noBoundary.status).toBe(400);
    const form = new FormData();
    form.append('cacheControl', '60');
    const noFile = await rawStorage(`/object/${bucket}/nofile.txt`, { method: 'POST', body: form });
    expect(noFile.body).toMatchObject({ statusCode: '400', message: 'No content provided' });
    expect((await files().exists('broken.txt')).data).toBe(false);
  });

  it('refuses bad JSON and oversized JSON bodies', async () => {
    const bad = await rawStorage(`/object/list/${bucket}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"prefix": ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe('400');
    const huge = await rawStorage(`/object/${bucket}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: ['x'.repeat(2 * 1024 * 1024)] }),
    });
    expect(huge.body).toMatchObject({ statusCode: '413' });
    const wrongTypes = await rawStorage(`/object/${bucket}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: 'inside/keep.txt' }),
    });
    expect(wrongTypes.body).toMatchObject({ statusCode: '400' });
    expect((await files().exists('inside/keep.txt')).data).toBe(true);
  });

  it('an upload aborted half way leaves no object behind', async () => {
    const key = `aborted-${unique('a')}.bin`;
    const before = await tempFiles();
    let temp = '';
    await new Promise<void>((resolve, reject) => {
      const base = new URL(mainUrl());
      const req = http.request({
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: `/storage/v1/object/${bucket}/${key}`,
        headers: {
          apikey: SERVICE_KEY,
          authorization: `Bearer ${SERVICE_KEY}`,
          'content-type': 'application/octet-stream',
          'content-length': String(1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      // Cut the body off once the server has written all that was sent to its temp file.
      req.write(Buffer.alloc(64 * 1024, 1), () => {
        tempFileOf(64 * 1024, before)
          .then((f) => {
            temp = f;
            req.destroy();
            resolve();
          })
          .catch(reject);
      });
    });
    // The server removes the temp file when the body breaks off; once it is gone, the upload has
    // failed for good (the row is only written after a complete body).
    await vi.waitFor(async () => expect(await tempFiles()).not.toContain(temp), {
      timeout: 10_000,
      interval: 20,
    });
    expect((await files().exists(key)).data).toBe(false);
  });

  it('x-upsert races: one writer wins, the others get 409, the object is whole', async () => {
    const key = `race-${unique('r')}.txt`;
    const bodies = Array.from({ length: 8 }, (_, i) => `writer-${i}-`.repeat(1000));
    const results = await Promise.all(bodies.map((b) => files().upload(key, b)));
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    for (const r of results.filter((x) => x.error))
      expect(r.error).toMatchObject({ statusCode: '409' });
    const text = await (await files().download(key)).data!.text();
    expect(bodies).toContain(text);
  });
});

describe('nothing leaks across users', () => {
  it("a technician cannot reach a housekeeper's task photo by any route", async () => {
    const tech = technician.sb.storage.from('task-photos');
    expect((await tech.download(secretPath)).error).toMatchObject({ statusCode: '404' });
    expect((await tech.info(secretPath)).error).toMatchObject({ statusCode: '404' });
    expect((await tech.exists(secretPath)).data).toBe(false);
    expect((await tech.createSignedUrl(secretPath, 60)).error).toMatchObject({ statusCode: '404' });
    const many = await tech.createSignedUrls([secretPath], 60);
    expect(many.data![0]!.signedUrl).toBeNull();
    expect((await tech.list('', { search: '%' })).data).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ name: secretPath.split('/')[0] })]),
    );
    expect((await tech.list(secretPath.split('/')[0])).data).toEqual([]);
    const publicUrl = tech.getPublicUrl(secretPath).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(400);
    const auth = await rawHttp(
      'GET',
      `/storage/v1/object/authenticated/task-photos/${secretPath}`,
      {
        headers: { apikey: SERVICE_KEY, authorization: `Bearer ${technician.token}` },
      },
    );
    expect(auth.body).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('a signed-URL token is no user token, and a user token is no signed-URL token', async () => {
    const signed = await housekeeper.sb.storage.from('task-photos').createSignedUrl(secretPath, 60);
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const asBearer = await rawHttp('GET', `/storage/v1/object/task-photos/${secretPath}`, {
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${token}` },
    });
    expect(asBearer.body).toMatchObject({ statusCode: '404' });
    const asToken = await rawHttp(
      'GET',
      `/storage/v1/object/sign/task-photos/${secretPath}?token=${technician.token}`,
      { headers: {} },
    );
    expect(asToken.body).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
  });

  it('refuses expired, forged and unsigned user tokens with 403', async () => {
    const secret = new TextEncoder().encode('not-the-server-secret-not-the-server-secret');
    const forged = await new SignJWT({ sub: housekeeper.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(secret);
    const header = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({ sub: housekeeper.id, role: 'service_role' }),
    ).toString('base64url');
    const unsigned = `${header}.${claims}.`;
    for (const token of [forged, unsigned, 'garbage']) {
      const res = await rawHttp('POST', '/storage/v1/object/list/task-photos', {
        headers: {
          authorization: `Bearer ${token}`,
          apikey: '',
          'content-type': 'application/json',
        },
        body: '{"prefix":""}',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    }
  });
});

describe('after all that', () => {
  it('the server still serves', async () => {
    const health = await fetch(`${mainUrl()}/_health`);
    expect(health.status).toBe(200);
    expect((await files().upload('after/ok.txt', 'still fine')).error).toBeNull();
    expect(await (await files().download('after/ok.txt')).data!.text()).toBe('still fine');
  });
});
