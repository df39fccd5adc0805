// A photo made small on the phone before it is queued: a checklist photo (docs/housekeeping.md
// "Field app") and a chat attachment (docs/chat.md "Attachments"). At most 1600 px on the long side,
// JPEG at quality 0.8 (typically 150-400 KB for a phone camera's 3-12 MB), or WebP when asked (a
// PNG with transparency), upright as the camera meant it (the EXIF orientation is applied while
// decoding), with its SHA-256 for the server's record. Where the browser cannot decode the image
// (no createImageBitmap, an unknown format) the file goes as it is.

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;

export type PhotoType = 'image/jpeg' | 'image/webp';

/** The size a photo is drawn at: its own when small, else its long side brought to `maxSide`. */
export function shrunkSize(
  width: number,
  height: number,
  maxSide = MAX_SIDE,
): { width: number; height: number; scale: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scale,
  };
}

async function drawn(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  type: PhotoType,
): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type, quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, JPEG_QUALITY));
}

export async function compressPhoto(
  file: Blob,
  options: { type?: PhotoType; maxSide?: number } = {},
): Promise<Blob> {
  const type = options.type ?? 'image/jpeg';
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height, scale } = shrunkSize(bitmap.width, bitmap.height, options.maxSide);
    const out = await drawn(bitmap, width, height, type);
    bitmap.close();
    // A small one already: keep the original bytes rather than a bigger re-encoding. A browser
    // that cannot write WebP answers PNG: not what was asked, so the original goes.
    if (!out || out.type !== type || (scale === 1 && file.type === type && out.size >= file.size))
      return file;
    return out;
  } catch {
    return file;
  }
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The photo as it is queued: compressed, JPEG-typed, with its hash and a new id. */
export async function preparePhoto(
  file: Blob,
): Promise<{ id: string; blob: Blob; sha256: string }> {
  const compressed = await compressPhoto(file);
  const blob =
    compressed.type === 'image/jpeg' ? compressed : new Blob([compressed], { type: 'image/jpeg' });
  return { id: crypto.randomUUID(), blob, sha256: await sha256Hex(blob) };
}
