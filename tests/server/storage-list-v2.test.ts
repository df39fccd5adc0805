// storage-js listV2 (POST /storage/v1/object/list-v2/<bucket>): flat and delimited listings under a
// prefix, paged by cursor in byte order, as the caller's policies allow; and info()'s metadata of
// {} for an object uploaded without any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, serviceClient, unique } from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const bucket = unique('listv2');
const files = () => service.storage.from(bucket);
const NAMES = ['a.txt', 'b/1.txt', 'b/2.txt', 'b/c/3.txt', 'd/4.txt', 'e.txt', 'B.txt'];

beforeAll(async () => {
  expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
  for (const n of NAMES) {
    expect(
      (await files().upload(n, `body of ${n}`, { contentType: 'text/plain' })).error,
    ).toBeNull();
  }
});

afterAll(async () => {
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
});

describe('listV2', () => {
  it('lists every key under a prefix, flat, in byte order, with metadata', async () => {
    const { data, error } = await files().listV2();
    expect(error).toBeNull();
    expect(data!.hasNext).toBe(false);
    expect(data!.folders).toEqual([]);
    expect(data!.objects.map((o) => o.key)).toEqual([...NAMES].sort());
    const one = data!.objects.find((o) => o.key === 'b/c/3.txt')!;
    expect(one.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(one.metadata).toMatchObject({
      size: 'body of b/c/3.txt'.length,
      mimetype: 'text/plain',
    });
    expect(typeof one.created_at).toBe('string');

    const under = await files().listV2({ prefix: 'b/' });
    expect(under.data!.objects.map((o) => [o.key, o.name])).toEqual([
      ['b/1.txt', '1.txt'],
      ['b/2.txt', '2.txt'],
      ['b/c/3.txt', 'c/3.txt'],
    ]);
  });

  it('folds deeper keys into folders with with_delimiter', async () => {
    const root = await files().listV2({ with_delimiter: true });
    expect(root.error).toBeNull();
    expect(root.data!.folders).toEqual([
      { key: 'b/', name: 'b/' },
      { key: 'd/', name: 'd/' },
    ]);
    expect(root.data!.objects.map((o) => o.name)).toEqual(['B.txt', 'a.txt', 'e.txt']);
    const b = await files().listV2({ prefix: 'b/', with_delimiter: true });
    expect(b.data!.folders).toEqual([{ key: 'b/c/', name: 'c/' }]);
    expect(b.data!.objects.map((o) => o.name)).toEqual(['1.txt', '2.txt']);
  });

  it('pages with limit and cursor, both orders, without gaps or repeats', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const { data, error } = await files().listV2({
          limit: 2,
          cursor,
          with_delimiter: true,
          sortBy: { column: 'name', order },
        });
        expect(error).toBeNull();
        seen.push(
          ...data!.folders.map((f) => f.key ?? f.name),
          ...data!.objects.map((o) => o.key ?? o.name),
        );
        if (!data!.hasNext) break;
        expect(data!.nextCursor).toBeTruthy();
        cursor = data!.nextCursor;
      }
      const all = ['B.txt', 'a.txt', 'b/', 'd/', 'e.txt'];
      // Each page holds its folders and its objects apart; across pages, every key once.
      expect(seen).toHaveLength(all.length);
      expect([...seen].sort()).toEqual(all);
    }
  });

  it('lists only what the caller may see, and refuses a missing bucket', async () => {
    // Anon has no policy on this private bucket's objects.
    const anon = await client().storage.from(bucket).listV2();
    expect(anon.error ?? null).toBeNull();
    expect(anon.data!.objects).toEqual([]);
    const missing = await service.storage.from(unique('nope')).listV2();
    expect(missing.error).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });
});

describe('info', () => {
  it('answers metadata {} for an object uploaded without user metadata', async () => {
    const { data, error } = await files().info('a.txt');
    expect(error).toBeNull();
    expect(data!.metadata).toEqual({});
  });
});
