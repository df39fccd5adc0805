// The attachment shrink's decisions (which files are redrawn, at what size, as what) with the
// browser's decoder and canvas stood in for: node has neither, and a file goes as it is there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrunkSize } from '@/lib/photo-compress';
import {
  attachmentRefusal,
  attachmentType,
  MAX_ATTACHMENT_BYTES,
  renamedFor,
  shrinkAttachment,
  shrinkTarget,
} from './image-shrink';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A decoder that reads "WxH" from the file's text, and a canvas that writes `type` blobs. */
function standInBrowser(drawnAt: { width: number; height: number; type: string }[]) {
  vi.stubGlobal('createImageBitmap', async (blob: Blob, options?: ImageBitmapOptions) => {
    expect(options?.imageOrientation).toBe('from-image');
    const [width, height] = (await blob.text()).split('x').map(Number);
    return { width, height, close: () => undefined };
  });
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return { drawImage: () => undefined };
      }
      convertToBlob({ type }: { type: string }) {
        drawnAt.push({ width: this.width, height: this.height, type });
        return Promise.resolve(new Blob(['shrunk'], { type }));
      }
    },
  );
}

describe('shrinkAttachment', () => {
  it('brings a phone photo to 1600 px on its long side, as JPEG, keeping its proportions', async () => {
    const drawn: { width: number; height: number; type: string }[] = [];
    standInBrowser(drawn);
    const photo = new File(['4032x3024'], 'IMG_0042.HEIC', { type: 'image/heic' });
    const out = await shrinkAttachment(photo);
    expect(drawn).toEqual([{ width: 1600, height: 1200, type: 'image/jpeg' }]);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('IMG_0042.jpg');
  });

  it('writes a PNG (maybe transparent) as WebP, upright portrait stays portrait', async () => {
    const drawn: { width: number; height: number; type: string }[] = [];
    standInBrowser(drawn);
    const out = await shrinkAttachment(new File(['1000x3000'], 'plan.png', { type: 'image/png' }));
    expect(drawn).toEqual([{ width: 533, height: 1600, type: 'image/webp' }]);
    expect(out.name).toBe('plan.webp');
  });

  it('leaves PDFs and GIFs alone', async () => {
    const drawn: { width: number; height: number; type: string }[] = [];
    standInBrowser(drawn);
    const pdf = new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' });
    const gif = new File(['10x10'], 'wave.gif', { type: 'image/gif' });
    expect(await shrinkAttachment(pdf)).toBe(pdf);
    expect(await shrinkAttachment(gif)).toBe(gif);
    expect(drawn).toEqual([]);
  });

  it('sends the file as it is where the browser cannot decode images', async () => {
    const photo = new File(['4032x3024'], 'a.jpg', { type: 'image/jpeg' });
    expect(await shrinkAttachment(photo)).toBe(photo);
  });

  it('keeps a small JPEG whose re-encoding would not be smaller', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 600, close: () => 0 }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { drawImage: () => undefined };
        }
        convertToBlob() {
          return Promise.resolve(new Blob(['a much bigger re-encoding'], { type: 'image/jpeg' }));
        }
      },
    );
    const photo = new File(['tiny'], 'a.jpg', { type: 'image/jpeg' });
    expect(await shrinkAttachment(photo)).toBe(photo);
  });
});

describe('the rules', () => {
  it('sizes', () => {
    expect(shrunkSize(800, 600)).toEqual({ width: 800, height: 600, scale: 1 });
    expect(shrunkSize(3200, 100)).toMatchObject({ width: 1600, height: 50 });
  });

  it('refuses what the bucket refuses', () => {
    expect(attachmentRefusal({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(attachmentRefusal({ name: 'a.zip', type: 'application/zip', size: 10 })).toBe('type');
    expect(
      attachmentRefusal({ name: 'a.pdf', type: 'application/pdf', size: MAX_ATTACHMENT_BYTES + 1 }),
    ).toBe('size');
    expect(attachmentType({ name: 'Scan.PDF', type: '' })).toBe('application/pdf');
  });

  it('targets and names', () => {
    expect(shrinkTarget('image/jpeg')).toBe('image/jpeg');
    expect(shrinkTarget('application/pdf')).toBeNull();
    expect(renamedFor('photo.jpeg', 'image/jpeg')).toBe('photo.jpg');
    expect(renamedFor('.png', 'image/webp')).toBe('photo.webp');
  });
});
