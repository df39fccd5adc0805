// A checklist photo made small on the phone before it is queued (docs/housekeeping.md "Field app"):
// at most 1600 px on the long side, JPEG at quality 0.8 (typically 150-400 KB for a phone camera's
// 3-12 MB), with its SHA-256 for the server's record. Where the browser cannot decode the image
// (no createImageBitmap, an unknown format) the file goes as it is.

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;

async function drawn(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

export async function compressPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const out = await drawn(bitmap, width, height);
    bitmap.close();
    // A small JPEG already: keep the original bytes rather than a bigger re-encoding.
    if (!out || (scale === 1 && file.type === 'image/jpeg' && out.size >= file.size)) return file;
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
