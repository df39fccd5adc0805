// The app's gallery thumbnails (src/lib/photo-thumbnails.ts) through supabase-js against real
// backends: with image transformation on, it asks Storage for the gallery size (a signed
// /render/image URL whose answer is 480 x 360, far smaller than the original); with it off
// ([storage.image_transformation] enabled = false, here IMAGE_TRANSFORMATION_ENABLED=false), the
// render endpoint's error answer makes it fall back to originals for the rest of the session,
// decided by one probe and not per image. Offline, the last URL signed for a photo is used again.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/gateway/config.ts';
import { createThumbnails, GALLERY_THUMB, SUPPORT_KEY } from '../../src/lib/photo-thumbnails.ts';
import { mainUrl, serviceClient, unique } from '../fixtures/storage-project/harness.ts';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.ts';

/** sessionStorage / localStorage as the browser has them, per test. */
function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const PATHS = ['villa/terrace.jpg', 'villa/pool.jpg'];
let photo: Buffer;
let off: FixtureServer;
const buckets: { url: string; id: string }[] = [];

async function privateBucketWithPhotos(url: string): Promise<string> {
  const id = unique('thumbs');
  const service = serviceClient(url);
  expect((await service.storage.createBucket(id, { public: false })).error).toBeNull();
  for (const p of PATHS) {
    const up = await service.storage
      .from(id)
      .upload(p, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    expect(up.error).toBeNull();
  }
  buckets.push({ url, id });
  return id;
}

async function imageOf(url: string) {
  const res = await fetch(url, { headers: { accept: 'image/webp,image/*' } });
  expect(res.status, url).toBe(200);
  const buf = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(buf).metadata();
  return { width: meta.width, height: meta.height, bytes: buf.byteLength };
}

beforeAll(async () => {
  // A phone photo's shape: 1600 x 1200 with detail (noise), so its bytes are realistic.
  const noise = Buffer.alloc(1600 * 1200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  photo = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  off = await startFixtureServer('storage-project', { IMAGE_TRANSFORMATION_ENABLED: 'false' });
});

afterAll(async () => {
  for (const { url, id } of buckets) {
    const service = serviceClient(url);
    await service.storage.emptyBucket(id);
    await service.storage.deleteBucket(id);
  }
  await off?.stop();
});

describe('gallery thumbnails', () => {
  it('asks for the gallery size where image transformation is on, probing once', async () => {
    const bucket = await privateBucketWithPhotos(mainUrl());
    const files = serviceClient().storage.from(bucket);
    const session = memoryStore();
    const thumbs = createThumbnails({ session, remembered: memoryStore() });

    const urls = await thumbs.urls(files, bucket, PATHS, GALLERY_THUMB, 600);
    expect(thumbs.support).toBe('on');
    expect(session.getItem(SUPPORT_KEY)).toBe('on');
    expect(thumbs.probes).toBe(1);
    for (const p of PATHS) {
      const url = urls.get(p);
      expect(url).toContain(`/storage/v1/render/image/sign/${bucket}/${p}?token=`);
      const thumb = await imageOf(url!);
      expect(thumb).toMatchObject({ width: 480, height: 360 });
      expect(thumb.bytes).toBeLessThan(photo.byteLength / 4);
    }
    // The next gallery: signed again, no second probe.
    const again = await thumbs.urls(files, bucket, [PATHS[0]!], GALLERY_THUMB, 600);
    expect(again.get(PATHS[0]!)).toContain('/render/image/sign/');
    expect(thumbs.probes).toBe(1);
  });

  it('falls back to originals for the session when render answers an error', async () => {
    const bucket = await privateBucketWithPhotos(off.url);
    const files = serviceClient(off.url).storage.from(bucket);

    // What the gallery would have fetched: Storage's error, as without image transformation.
    const signed = await files.createSignedUrl(PATHS[0]!, 600, { transform: GALLERY_THUMB });
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'Not Found' });

    const session = memoryStore();
    const thumbs = createThumbnails({ session, remembered: memoryStore() });
    const urls = await thumbs.urls(files, bucket, PATHS, GALLERY_THUMB, 600);
    expect([...urls.values()]).toEqual([null, null]);
    expect(thumbs.support).toBe('off');
    expect(thumbs.probes).toBe(1);
    expect(session.getItem(SUPPORT_KEY)).toBe('off');
    // Decided for the session: later galleries neither sign renditions nor probe again.
    const later = await thumbs.urls(files, bucket, [PATHS[1]!], GALLERY_THUMB, 600);
    expect(later.get(PATHS[1]!)).toBeNull();
    expect(thumbs.probes).toBe(1);
    // A reload in the same tab (sessionStorage kept) starts decided.
    const reloaded = createThumbnails({ session, remembered: memoryStore() });
    expect(reloaded.support).toBe('off');
    expect((await reloaded.urls(files, bucket, PATHS, GALLERY_THUMB, 600)).get(PATHS[0]!)).toBe(
      null,
    );
    expect(reloaded.probes).toBe(0);
    // The original is what the gallery then shows, and it is served.
    const original = await files.createSignedUrl(PATHS[0]!, 600);
    expect(await imageOf(original.data!.signedUrl)).toMatchObject({ width: 1600, height: 1200 });
  });

  it('offline, reuses the last URL signed for a photo and learns nothing from no network', async () => {
    const base = mainUrl();
    const bucket = await privateBucketWithPhotos(base);
    const remembered = memoryStore();
    const online = createThumbnails({ session: memoryStore(), remembered });
    const first = await online.urls(
      serviceClient().storage.from(bucket),
      bucket,
      PATHS,
      GALLERY_THUMB,
      600,
    );

    // Nothing listens on port 9 of loopback: every request fails as with no network.
    const offlineFiles = serviceClient('http://127.0.0.1:9').storage.from(bucket);
    const session = memoryStore();
    const offline = createThumbnails({ session, remembered });
    const urls = await offline.urls(offlineFiles, bucket, PATHS, GALLERY_THUMB, 600);
    expect(urls).toEqual(first);
    expect(offline.support).toBe('unknown');
    expect(session.getItem(SUPPORT_KEY)).toBeNull();
    // A photo never signed on this device has no thumbnail offline: the original is shown.
    const unseen = await offline.urls(offlineFiles, bucket, ['villa/new.jpg'], GALLERY_THUMB, 600);
    expect(unseen.get('villa/new.jpg')).toBeNull();
  });
});

describe('[storage.image_transformation]', () => {
  it('is on by default, off with enabled = false, and IMAGE_TRANSFORMATION_ENABLED wins', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'transform-config-'));
    try {
      await mkdir(path.join(dir, 'supabase'));
      const toml = path.join(dir, 'supabase', 'config.toml');
      await writeFile(toml, '[storage]\nfile_size_limit = "5MiB"\n');
      expect(loadConfig({ workdir: dir, env: {} }).storage.imageTransformation).toBe(true);
      await writeFile(toml, '[storage.image_transformation]\nenabled = false\n');
      expect(loadConfig({ workdir: dir, env: {} }).storage.imageTransformation).toBe(false);
      const env = { IMAGE_TRANSFORMATION_ENABLED: 'true' };
      expect(loadConfig({ workdir: dir, env }).storage.imageTransformation).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
