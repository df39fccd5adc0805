// Files never run as the app (docs/local-backend.md): storage is served on the app's own origin, so every
// object answer is nosniff and sandboxed by CSP, only raster images and PDF open inline (HTML and
// SVG download as attachments), and each bucket's allowed_mime_types and file_size_limit hold on
// every way bytes get in: upload, update, signed upload URL, copy and move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rawStorage,
  SERVICE_KEY,
  serviceClient,
  unique,
} from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const open = unique('sec-open'); // public, takes anything
const strict = unique('sec-strict'); // private, PNG only, 1 KB

const HTML = '<!doctype html><script>alert(localStorage.length)</script>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
// A 1x1 PNG.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (ch) => ch.charCodeAt(0),
);

beforeAll(async () => {
  expect((await service.storage.createBucket(open, { public: true })).error).toBeNull();
  expect(
    (
      await service.storage.createBucket(strict, {
        public: false,
        allowedMimeTypes: ['image/png'],
        fileSizeLimit: 1024,
      })
    ).error,
  ).toBeNull();
  const files = service.storage.from(open);
  for (const [name, body, contentType] of [
    ['page.html', HTML, 'text/html'],
    ['drawing.svg', SVG, 'image/svg+xml'],
    ['dot.png', new Blob([PNG], { type: 'image/png' }), 'image/png'],
    ['doc.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf'],
    ['big.png', new Blob([new Uint8Array(4096)], { type: 'image/png' }), 'image/png'],
  ] as const) {
    expect((await files.upload(name, body, { contentType })).error).toBeNull();
  }
});

afterAll(async () => {
  for (const b of [open, strict]) {
    await service.storage.emptyBucket(b);
    await service.storage.deleteBucket(b);
  }
});

/** The URLs a browser may be handed for one object: public, signed, authenticated, plain. */
async function urlsOf(name: string): Promise<{ url: string; headers?: Record<string, string> }[]> {
  const files = service.storage.from(open);
  const signed = await files.createSignedUrl(name, 60);
  expect(signed.error).toBeNull();
  const base = files.getPublicUrl(name).data.publicUrl;
  // The service key stands for any caller allowed to read.
  const withKey = { headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` } };
  return [
    { url: base },
    { url: signed.data!.signedUrl },
    { url: base.replace('/object/public/', '/object/authenticated/'), ...withKey },
    { url: base.replace('/object/public/', '/object/'), ...withKey },
  ];
}

function expectSandboxed(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = csp.split(';').map((d) => d.trim());
  expect(directives).toContain('sandbox');
  expect(directives).toContain("default-src 'none'");
  expect(csp).not.toMatch(/script-src|unsafe-eval|allow-scripts|allow-same-origin/);
}

describe('object answers', () => {
  it('serves HTML and SVG sandboxed, nosniff and as attachments on every URL', async () => {
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['drawing.svg', 'image/svg+xml'],
    ] as const) {
      for (const { url, headers } of await urlsOf(name)) {
        for (const method of ['GET', 'HEAD']) {
          const res = await fetch(url, { method, headers });
          expect(res.status, `${method} ${url}`).toBe(200);
          expectSandboxed(res);
          expect(res.headers.get('content-type')).toBe(type);
          expect(res.headers.get('content-disposition')).toMatch(
            new RegExp(`^attachment; filename="${name.replace('.', '\\.')}"`),
          );
          await res.arrayBuffer();
        }
      }
    }
  });

  it('serves raster images and PDF inline, still sandboxed (images may load from self)', async () => {
    for (const [name, type] of [
      ['dot.png', 'image/png'],
      ['doc.pdf', 'application/pdf'],
    ] as const) {
      for (const { url, headers } of await urlsOf(name)) {
        const res = await fetch(url, { headers });
        expect(res.status).toBe(200);
        expectSandboxed(res);
        expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data:");
        expect(res.headers.get('content-type')).toBe(type);
        expect(res.headers.get('content-disposition')).toBe('inline');
      }
    }
    const png = await fetch(service.storage.from(open).getPublicUrl('dot.png').data.publicUrl);
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(PNG);
    // ?download still asks for an attachment, with the name given.
    const asked = await fetch(
      service.storage.from(open).getPublicUrl('dot.png', { download: 'mine.png' }).data.publicUrl,
    );
    expect(asked.headers.get('content-disposition')).toMatch(/^attachment; filename="mine\.png"/);
  });

  it('serves a stored type that is not a plain MIME type as bytes, as an attachment', async () => {
    const files = service.storage.from(open);
    const up = await files.upload('odd.bin', 'x', { contentType: 'text/html, image/png' });
    expect(up.error).toBeNull();
    const res = await fetch(files.getPublicUrl('odd.bin').data.publicUrl);
    expectSandboxed(res);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('error answers carry the same headers', async () => {
    const res = await fetch(service.storage.from(open).getPublicUrl('missing.html').data.publicUrl);
    expect(res.status).toBe(400);
    expectSandboxed(res);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found' });
  });
});

describe("a bucket's allowed types and size limit", () => {
  const files = () => service.storage.from(strict);

  it('refuse an upload and an update outside them (415 / 413, Storage’s body)', async () => {
    const html = await files().upload('x.html', HTML, { contentType: 'text/html' });
    expect(html.error).toMatchObject({
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type text/html is not supported',
    });
    const svg = await files().upload('x.svg', new Blob([SVG], { type: 'image/svg+xml' }));
    expect(svg.error).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    const big = await files().upload(
      'big.png',
      new Blob([new Uint8Array(1025)], { type: 'image/png' }),
      {
        contentType: 'image/png',
      },
    );
    expect(big.error).toMatchObject({
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(
      (await files().upload('ok.png', new Blob([PNG], { type: 'image/png' }))).error,
    ).toBeNull();
    const update = await files().update('ok.png', HTML, { contentType: 'text/html' });
    expect(update.error).toMatchObject({ statusCode: '415' });
    // Storage's body, field by field.
    const raw = await rawStorage(`/object/${strict}/raw.html`, {
      method: 'POST',
      body: HTML,
      headers: { 'content-type': 'text/html' },
    });
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type text/html is not supported',
    });
    // Nothing of the refused writes is left.
    const names = (await files().list()).data!.map((o) => o.name);
    expect(names).toEqual(['ok.png']);
    const kept = await files().download('ok.png');
    expect(new Uint8Array(await kept.data!.arrayBuffer())).toEqual(PNG);
  });

  it('refuse an upload to a signed upload URL outside them', async () => {
    const signed = await files().createSignedUploadUrl('signed.html');
    expect(signed.error).toBeNull();
    const html = await files().uploadToSignedUrl('signed.html', signed.data!.token, HTML, {
      contentType: 'text/html',
    });
    expect(html.error).toMatchObject({ statusCode: '415' });
    const big = await files().uploadToSignedUrl(
      'signed.html',
      signed.data!.token,
      new Blob([new Uint8Array(2048)], { type: 'image/png' }),
    );
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect((await files().list()).data!.map((o) => o.name)).not.toContain('signed.html');
  });

  it('refuse a copy or a move into the bucket of what it would not take', async () => {
    const copyHtml = await service.storage
      .from(open)
      .copy('page.html', 'copied.html', { destinationBucket: strict });
    expect(copyHtml.error).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    const copyBig = await service.storage
      .from(open)
      .copy('big.png', 'copied.png', { destinationBucket: strict });
    expect(copyBig.error).toMatchObject({ statusCode: '413' });
    const moveSvg = await service.storage
      .from(open)
      .move('drawing.svg', 'moved.svg', { destinationBucket: strict });
    expect(moveSvg.error).toMatchObject({ statusCode: '415' });
    // What fits is copied.
    const copyPng = await service.storage
      .from(open)
      .copy('dot.png', 'copied.png', { destinationBucket: strict });
    expect(copyPng.error).toBeNull();
    const names = (await files().list()).data!.map((o) => o.name);
    expect(names).toContain('copied.png');
    expect(names).not.toContain('copied.html');
    expect(names).not.toContain('moved.svg');
    // The refused move left the source where it was.
    expect((await service.storage.from(open).exists('drawing.svg')).data).toBe(true);
  });
});
