// Objects through supabase-js's storage client with the service role (RLS is the policies suite's
// business): uploads as multipart and raw bodies, x-upsert, update, download, info, list with
// prefix / limit / offset / sort, signed URLs and their expiry, signed uploads, public URLs, move,
// copy, remove, and Storage's error shape for each refusal.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StorageApiError } from '@supabase/storage-js';
import { client, rawStorage, serviceClient, unique } from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const bucket = unique('objects');
const publicBucket = unique('objects-public');
const files = () => service.storage.from(bucket);

function expectStorageError(error: unknown, statusCode: string, code: string) {
  expect(error).toBeInstanceOf(StorageApiError);
  const e = error as StorageApiError;
  // Hosted Storage answers every client error with HTTP 400 and the real status in the body.
  expect(e.status).toBe(400);
  expect(e.statusCode).toBe(statusCode);
  expect(e.code).toBe(code);
}

beforeAll(async () => {
  expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
  expect((await service.storage.createBucket(publicBucket, { public: true })).error).toBeNull();
});

afterAll(async () => {
  for (const b of [bucket, publicBucket]) {
    await service.storage.emptyBucket(b);
    await service.storage.deleteBucket(b);
  }
});

describe('upload and download', () => {
  it('uploads a Blob as multipart and downloads the same bytes with its type', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    const up = await files().upload('docs/blob.bin', new Blob([bytes], { type: 'image/png' }), {
      cacheControl: '120',
    });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'docs/blob.bin', fullPath: `${bucket}/docs/blob.bin` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await files().download('docs/blob.bin');
    expect(down.error).toBeNull();
    expect(down.data!.type).toBe('image/png');
    // Buffer.equals, not toEqual: a deep compare of 300,000 numbers blocks the worker for
    // seconds, long enough for the server to close the idle keep-alive socket under the client.
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(bytes)).toBe(true);

    const info = await files().info('docs/blob.bin');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: 'docs/blob.bin',
      bucketId: bucket,
      size: 300_000,
      contentType: 'image/png',
      cacheControl: 'max-age=120',
    });
    expect(info.data!.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('uploads a raw body (string, ArrayBuffer) with content type and user metadata', async () => {
    const up = await files().upload('docs/raw.txt', 'hello raw', {
      contentType: 'text/plain',
      metadata: { reviewedBy: 'qa' },
    });
    expect(up.error).toBeNull();
    const info = await files().info('docs/raw.txt');
    expect(info.data).toMatchObject({
      size: 9,
      contentType: 'text/plain',
      metadata: { reviewedBy: 'qa' },
    });

    const buf = new TextEncoder().encode('bytes!').buffer;
    expect((await files().upload('docs/buf.bin', buf)).error).toBeNull();
    const down = await files().download('docs/buf.bin');
    expect(await down.data!.text()).toBe('bytes!');
  });

  it('refuses to overwrite without x-upsert (409) and overwrites with it', async () => {
    expect((await files().upload('dup.txt', 'one')).error).toBeNull();
    const again = await files().upload('dup.txt', 'two');
    expectStorageError(again.error, '409', 'KeyAlreadyExists');
    expect(again.error!.message).toBe('The resource already exists');
    expect(await (await files().download('dup.txt')).data!.text()).toBe('one');

    const first = await files().info('dup.txt');
    const upsert = await files().upload('dup.txt', 'three', { upsert: true });
    expect(upsert.error).toBeNull();
    expect(upsert.data!.id).toBe(first.data!.id);
    expect(await (await files().download('dup.txt')).data!.text()).toBe('three');
  });

  it('update() replaces the bytes of an existing object', async () => {
    expect((await files().upload('upd.txt', 'before')).error).toBeNull();
    const upd = await files().update('upd.txt', new Blob(['after'], { type: 'text/plain' }));
    expect(upd.error).toBeNull();
    expect(await (await files().download('upd.txt')).data!.text()).toBe('after');
  });

  it('answers 404 NoSuchKey for a missing object and NoSuchBucket for a missing bucket', async () => {
    expectStorageError((await files().download('nope.txt')).error, '404', 'NoSuchKey');
    const missing = await service.storage.from(unique('no-bucket')).download('x.txt');
    expectStorageError(missing.error, '404', 'NoSuchBucket');
    const exists = await files().exists('nope.txt');
    expect(exists.data).toBe(false);
    expect((await files().exists('dup.txt')).data).toBe(true);
  });

  it('serves a byte range and a 304 for a matching ETag', async () => {
    expect((await files().upload('range.txt', '0123456789')).error).toBeNull();
    const url = `${bucket}/range.txt`;
    const res = await rawStorage(`/object/${url}`, { headers: { range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    expect(res.text).toBe('2345');
    expect(res.headers.get('content-range')).toBe('bytes 2-5/10');
    const etag = (await rawStorage(`/object/${url}`)).headers.get('etag')!;
    const cached = await rawStorage(`/object/${url}`, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    const outside = await rawStorage(`/object/${url}`, { headers: { range: 'bytes=50-60' } });
    expect(outside.status).toBe(416);
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (const name of ['l/b.txt', 'l/a.txt', 'l/c.txt', 'l/sub/x.txt', 'l/sub/y.txt']) {
      expect((await files().upload(name, name)).error).toBeNull();
    }
  });

  it('lists one level under a prefix, folders first, with metadata for files', async () => {
    const { data, error } = await files().list('l');
    expect(error).toBeNull();
    expect(data!.map((f) => f.name)).toEqual(['sub', 'a.txt', 'b.txt', 'c.txt']);
    expect(data![0]!.id).toBeNull();
    expect(data![1]!.metadata).toMatchObject({ size: 7, mimetype: 'text/plain;charset=UTF-8' });
  });

  it('pages with limit / offset, sorts, and searches', async () => {
    const page = await files().list('l', { limit: 2, offset: 1 });
    expect(page.data!.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    const desc = await files().list('l', { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((f) => f.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt']);
    const search = await files().list('l', { search: 'b' });
    expect(search.data!.map((f) => f.name)).toEqual(['b.txt']);
    const nested = await files().list('l/sub/');
    expect(nested.data!.map((f) => f.name)).toEqual(['x.txt', 'y.txt']);
  });

  it('refuses a sort column that is not one of Storage’s', async () => {
    const bad = await files().list('l', {
      sortBy: { column: 'metadata; drop table x', order: 'asc' },
    });
    expectStorageError(bad.error, '400', 'InvalidParameter');
  });
});

describe('signed URLs', () => {
  beforeAll(async () => {
    expect((await files().upload('signed/a b.txt', 'signed content')).error).toBeNull();
  });

  it('signs a URL that downloads without any key', async () => {
    const { data, error } = await files().createSignedUrl('signed/a b.txt', 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/object/sign/');
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed content');
    const download = await fetch(`${data!.signedUrl}&download=report.txt`);
    expect(download.headers.get('content-disposition')).toContain('filename="report.txt"');
  });

  it('refuses an expired, a tampered and a foreign token', async () => {
    const { data } = await files().createSignedUrl('signed/a b.txt', 1);
    // The URL's own 1-second life is the clock: ask until it no longer opens the object.
    const expired = await vi.waitFor(
      async () => {
        const r = await fetch(data!.signedUrl);
        if (r.status === 200) throw new Error('still valid');
        return r;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: 'jwt expired',
    });

    const fresh = (await files().createSignedUrl('signed/a b.txt', 60)).data!.signedUrl;
    const tampered = fresh.replace(/token=([^.]+)\.([^.]+)\./, (_m, h: string, p: string) => {
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      claims.url = `${bucket}/dup.txt`;
      return `token=${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    });
    expect((await fetch(tampered)).status).toBe(400);

    // A valid token for another object does not open this one.
    const other = (await files().createSignedUrl('dup.txt', 60)).data!.signedUrl;
    const token = new URL(other).searchParams.get('token')!;
    const res = await rawStorage(`/object/sign/${bucket}/signed/a%20b.txt?token=${token}`, {
      headers: {},
    });
    expect(res.body).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
  });

  it('signs several paths, reporting the missing ones', async () => {
    const { data, error } = await files().createSignedUrls(['signed/a b.txt', 'missing.txt'], 60);
    expect(error).toBeNull();
    expect(data![0]!.signedUrl).toBeTruthy();
    expect(data![1]).toMatchObject({ path: 'missing.txt', signedUrl: null });
    expect(data![1]!.error).toMatch(/does not exist/);
  });

  it('refuses to sign a missing object', async () => {
    expectStorageError(
      (await files().createSignedUrl('missing.txt', 60)).error,
      '404',
      'NoSuchKey',
    );
  });

  it('uploads through a signed upload URL without any key', async () => {
    const { data, error } = await files().createSignedUploadUrl('signed/upload.txt');
    expect(error).toBeNull();
    const anon = client();
    const up = await anon.storage
      .from(bucket)
      .uploadToSignedUrl('signed/upload.txt', data!.token, 'via signed upload');
    expect(up.error).toBeNull();
    expect(await (await files().download('signed/upload.txt')).data!.text()).toBe(
      'via signed upload',
    );
    const again = await anon.storage
      .from(bucket)
      .uploadToSignedUrl('signed/upload.txt', data!.token, 'again');
    expectStorageError(again.error, '409', 'KeyAlreadyExists');
  });
});

describe('public URLs', () => {
  it('serves objects of a public bucket to anyone, and no private bucket', async () => {
    const pub = service.storage.from(publicBucket);
    expect((await pub.upload('logo.txt', 'public bytes')).error).toBeNull();
    const url = pub.getPublicUrl('logo.txt').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public bytes');

    const priv = await fetch(files().getPublicUrl('dup.txt').data.publicUrl);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });
});

describe('move, copy, remove', () => {
  it('moves an object (the old key is gone) and refuses to move onto an existing key', async () => {
    expect((await files().upload('mv/src.txt', 'moving')).error).toBeNull();
    expect((await files().upload('mv/taken.txt', 'taken')).error).toBeNull();
    const moved = await files().move('mv/src.txt', 'mv/dst.txt');
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: 'Successfully moved' });
    expect(await (await files().download('mv/dst.txt')).data!.text()).toBe('moving');
    expectStorageError((await files().download('mv/src.txt')).error, '404', 'NoSuchKey');
    expectStorageError(
      (await files().move('mv/dst.txt', 'mv/taken.txt')).error,
      '409',
      'KeyAlreadyExists',
    );
    expectStorageError((await files().move('mv/none.txt', 'mv/x.txt')).error, '404', 'NoSuchKey');
  });

  it('moves across buckets', async () => {
    expect((await files().upload('mv/cross.txt', 'cross')).error).toBeNull();
    const moved = await files().move('mv/cross.txt', 'cross.txt', {
      destinationBucket: publicBucket,
    });
    expect(moved.error).toBeNull();
    const res = await fetch(
      service.storage.from(publicBucket).getPublicUrl('cross.txt').data.publicUrl,
    );
    expect(await res.text()).toBe('cross');
  });

  it('copies an object; the copy lives on after the source is removed', async () => {
    expect(
      (await files().upload('cp/src.txt', 'copied', { contentType: 'text/csv' })).error,
    ).toBeNull();
    const copied = await files().copy('cp/src.txt', 'cp/dst.txt');
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `${bucket}/cp/dst.txt` });
    expect((await files().remove(['cp/src.txt'])).error).toBeNull();
    const down = await files().download('cp/dst.txt');
    expect(await down.data!.text()).toBe('copied');
    expect(down.data!.type).toBe('text/csv');
    expectStorageError((await files().copy('cp/none.txt', 'cp/x.txt')).error, '404', 'NoSuchKey');
  });

  it('removes several objects, returning what was removed', async () => {
    for (const n of ['rm/1.txt', 'rm/2.txt']) expect((await files().upload(n, n)).error).toBeNull();
    const { data, error } = await files().remove(['rm/1.txt', 'rm/2.txt', 'rm/none.txt']);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt']);
    expect((await files().list('rm')).data).toEqual([]);
  });
});
