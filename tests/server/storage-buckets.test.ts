// Buckets through supabase-js with the service role: create (public or private, size limit as a
// number or "5MB", allowed types), get, list with search / sort / paging, update, empty, delete,
// and Storage's refusals (409 exists, 404 missing, 400 bad name, 413 limit above the global one,
// 409 delete of a non-empty bucket).
import { afterAll, describe, expect, it } from 'vitest';
import { client, newAccount, serviceClient, unique } from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const made: string[] = [];

async function create(label: string, options?: Parameters<typeof service.storage.createBucket>[1]) {
  const id = unique(label);
  const res = await service.storage.createBucket(id, options);
  if (!res.error) made.push(id);
  return { id, ...res };
}

afterAll(async () => {
  for (const id of made) {
    await service.storage.emptyBucket(id);
    await service.storage.deleteBucket(id);
  }
});

describe('buckets', () => {
  it('creates a private bucket with limits and reads it back', async () => {
    const { id, data, error } = await create('private', {
      public: false,
      fileSizeLimit: '5MB',
      allowedMimeTypes: ['image/png', 'image/*'],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ name: id });
    const got = await service.storage.getBucket(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: 5_000_000,
      allowed_mime_types: ['image/png', 'image/*'],
    });
    expect(typeof got.data!.created_at).toBe('string');
  });

  it('refuses a duplicate (409), a bad name (400), a limit above the server’s (413), bad types (415)', async () => {
    const { id } = await create('dup');
    const dup = await service.storage.createBucket(id);
    expect(dup.error).toMatchObject({ statusCode: '409', code: 'BucketAlreadyExists' });
    for (const bad of ['a/b', '..', 'x'.repeat(101), 'tab\tname']) {
      const res = await service.storage.createBucket(bad);
      expect(res.error).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' });
    }
    const huge = await service.storage.createBucket(unique('huge'), {
      public: false,
      fileSizeLimit: '50GB',
    });
    expect(huge.error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    const types = await service.storage.createBucket(unique('types'), {
      public: false,
      allowedMimeTypes: ['not a type'],
    });
    expect(types.error).toMatchObject({ statusCode: '415' });
  });

  it('lists with search, sort and paging', async () => {
    const tag = unique('ls');
    for (const suffix of ['b', 'a', 'c']) {
      const res = await service.storage.createBucket(`${tag}-${suffix}`);
      expect(res.error).toBeNull();
      made.push(`${tag}-${suffix}`);
    }
    const found = await service.storage.listBuckets({ search: tag });
    expect(found.data!.map((b) => b.id)).toEqual([`${tag}-a`, `${tag}-b`, `${tag}-c`]);
    const page = await service.storage.listBuckets({
      search: tag,
      sortColumn: 'name',
      sortOrder: 'desc',
      limit: 2,
      offset: 1,
    });
    expect(page.data!.map((b) => b.id)).toEqual([`${tag}-b`, `${tag}-a`]);
  });

  it('updates public flag and limits; 404 for a missing bucket', async () => {
    const { id } = await create('upd');
    const upd = await service.storage.updateBucket(id, {
      public: true,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['text/plain'],
    });
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual({ message: 'Successfully updated' });
    expect((await service.storage.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['text/plain'],
    });
    // The new limits apply at once.
    const files = service.storage.from(id);
    expect((await files.upload('ok.txt', 'fine', { contentType: 'text/plain' })).error).toBeNull();
    const big = await files.upload('big.txt', 'x'.repeat(1025), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    const png = await files.upload('p.png', new Blob(['x'], { type: 'image/png' }));
    expect(png.error).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });

    const missing = await service.storage.updateBucket(unique('missing'), { public: true });
    expect(missing.error).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    expect((await service.storage.getBucket(unique('missing'))).error).toMatchObject({
      statusCode: '404',
    });
  });

  it('refuses to delete a non-empty bucket (409), empties it, then deletes it', async () => {
    const id = unique('del');
    expect((await service.storage.createBucket(id)).error).toBeNull();
    const files = service.storage.from(id);
    for (const n of ['a.txt', 'f/b.txt', 'f/g/c.txt'])
      expect((await files.upload(n, n)).error).toBeNull();
    const refused = await service.storage.deleteBucket(id);
    expect(refused.error).toMatchObject({ statusCode: '409', code: 'ResourceNotEmpty' });
    const emptied = await service.storage.emptyBucket(id);
    expect(emptied.data).toEqual({ message: 'Successfully emptied' });
    expect((await files.list()).data).toEqual([]);
    const deleted = await service.storage.deleteBucket(id);
    expect(deleted.data).toEqual({ message: 'Successfully deleted' });
    expect((await service.storage.getBucket(id)).error).toMatchObject({ statusCode: '404' });
    expect((await service.storage.deleteBucket(id)).error).toMatchObject({ statusCode: '404' });
  });

  it('users and anon cannot manage buckets (no policies on storage.buckets)', async () => {
    const { id } = await create('guarded');
    const user = await newAccount('bucket-user');
    try {
      for (const sb of [user.sb, client()]) {
        expect((await sb.storage.getBucket(id)).error).toMatchObject({ statusCode: '404' });
        expect((await sb.storage.updateBucket(id, { public: true })).error).toMatchObject({
          statusCode: '404',
        });
        expect((await sb.storage.deleteBucket(id)).error).toMatchObject({ statusCode: '404' });
        expect((await sb.storage.emptyBucket(id)).error).toMatchObject({ statusCode: '404' });
      }
      expect((await service.storage.getBucket(id)).data!.public).toBe(false);
    } finally {
      await service.auth.admin.deleteUser(user.id);
    }
  });
});
