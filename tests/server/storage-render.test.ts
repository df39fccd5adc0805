// Image transformation through storage-js's `transform` option (getPublicUrl, createSignedUrl,
// download): width / height / resize (cover, contain, fill) / quality / format, WebP for clients
// that accept it, the signed token fixing the options, the caller's policies for authenticated
// renders, and refusals (not an image, out of range). Sizes are read back with sharp.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, serviceClient, unique } from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const pub = unique('render-pub');
const priv = unique('render-priv');

async function imageOf(res: Response | Blob) {
  const buf = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(buf).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, bytes: buf.byteLength };
}

let photo: Buffer;

beforeAll(async () => {
  // 400 x 200, with detail so that quality changes the size.
  photo = await sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="200"><circle cx="100" cy="100" r="80" fill="#1e90ff"/>' +
            '<rect x="220" y="40" width="150" height="120" fill="#ffd700"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  expect((await service.storage.createBucket(pub, { public: true })).error).toBeNull();
  expect((await service.storage.createBucket(priv, { public: false })).error).toBeNull();
  for (const b of [pub, priv]) {
    const files = service.storage.from(b);
    const up = await files.upload(
      'villa/photo.jpg',
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    );
    expect(up.error).toBeNull();
    expect(
      (await files.upload('notes.txt', 'plain', { contentType: 'text/plain' })).error,
    ).toBeNull();
  }
});

afterAll(async () => {
  for (const b of [pub, priv]) {
    await service.storage.emptyBucket(b);
    await service.storage.deleteBucket(b);
  }
});

describe('render/image', () => {
  it('resizes a public image: cover crops, contain fits inside, fill stretches', async () => {
    const files = service.storage.from(pub);
    const cases = [
      [{ width: 100, height: 100, resize: 'cover' }, 100, 100],
      [{ width: 100, height: 100, resize: 'contain' }, 100, 50],
      [{ width: 100, height: 100, resize: 'fill' }, 100, 100],
      [{ width: 120 }, 120, 60],
      [{ height: 50 }, 100, 50],
    ] as const;
    for (const [transform, width, height] of cases) {
      const { publicUrl } = files.getPublicUrl('villa/photo.jpg', { transform }).data;
      expect(publicUrl).toContain('/storage/v1/render/image/public/');
      const res = await fetch(publicUrl);
      expect(res.status, publicUrl).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(await imageOf(res)).toMatchObject({ width, height, format: 'jpeg' });
    }
  });

  it('lowers quality on request and sends WebP to clients that accept it', async () => {
    const files = service.storage.from(pub);
    const at = (quality: number) =>
      files.getPublicUrl('villa/photo.jpg', { transform: { width: 300, quality } }).data.publicUrl;
    const high = await imageOf(await fetch(at(95)));
    const low = await imageOf(await fetch(at(25)));
    expect(low.bytes).toBeLessThan(high.bytes);
    const webp = await fetch(at(80), { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toContain('Accept');
    expect(await imageOf(webp)).toMatchObject({ width: 300, height: 150, format: 'webp' });
    const origin = files.getPublicUrl('villa/photo.jpg', {
      transform: { width: 300, format: 'origin' },
    }).data.publicUrl;
    const kept = await fetch(origin, { headers: { accept: 'image/webp,*/*' } });
    expect(kept.headers.get('content-type')).toBe('image/jpeg');
  });

  it('signs a rendition: the token fixes the options, the query cannot change them', async () => {
    const files = service.storage.from(priv);
    const signed = await files.createSignedUrl('villa/photo.jpg', 60, {
      transform: { width: 80, height: 80, resize: 'cover' },
    });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain('/storage/v1/render/image/sign/');
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await imageOf(res)).toMatchObject({ width: 80, height: 80 });
    const widened = await fetch(`${signed.data!.signedUrl}&width=2000&height=2000`);
    expect(await imageOf(widened)).toMatchObject({ width: 80, height: 80 });
    // A plain signed URL's token does not open another object's rendition.
    const other = await files.createSignedUrl('notes.txt', 60);
    const token = new URL(other.data!.signedUrl).searchParams.get('token')!;
    const base = signed.data!.signedUrl.split('?')[0]!;
    const forged = await fetch(`${base}?token=${token}`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'InvalidSignature' });
  });

  it('renders a private image for a caller the policies allow, through download()', async () => {
    const down = await service.storage
      .from(priv)
      .download('villa/photo.jpg', { transform: { width: 64, height: 64, resize: 'contain' } });
    expect(down.error).toBeNull();
    expect(await imageOf(down.data!)).toMatchObject({ width: 64, height: 32 });
    // Anon has no policy on the private bucket.
    const anon = await client()
      .storage.from(priv)
      .download('villa/photo.jpg', { transform: { width: 64 } });
    expect(anon.error).toBeTruthy();
    const anonPublicPath = await fetch(
      client()
        .storage.from(priv)
        .getPublicUrl('villa/photo.jpg', { transform: { width: 64 } }).data.publicUrl,
    );
    expect(anonPublicPath.status).toBe(400);
    expect(await anonPublicPath.json()).toMatchObject({ statusCode: '404' });
  });

  it('refuses what is not a raster image and options out of range, in Storage’s shape', async () => {
    const files = service.storage.from(pub);
    const text = await fetch(
      files.getPublicUrl('notes.txt', { transform: { width: 10 } }).data.publicUrl,
    );
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    for (const transform of [{ width: 5000 }, { quality: 5 }]) {
      const res = await fetch(files.getPublicUrl('villa/photo.jpg', { transform }).data.publicUrl);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidParameter' });
    }
    const bad = await fetch(
      `${files.getPublicUrl('villa/photo.jpg', { transform: { width: 10 } }).data.publicUrl}&resize=zoom`,
    );
    expect(await bad.json()).toMatchObject({ code: 'InvalidParameter' });
  });
});
