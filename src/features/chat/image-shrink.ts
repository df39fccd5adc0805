// A chat attachment as it is uploaded (docs/chat.md "Attachments"): a phone photo shrunk on the
// phone by the app's one photo code (src/lib/photo-compress.ts, shared with checklist photos),
// anything else as it was chosen. The bucket takes images and PDFs up to 20 MiB.
import { formatLocale } from '@/lib/i18n/format-locale';
import { compressPhoto, type PhotoType } from '@/lib/photo-compress';

/** What the chat-attachments bucket takes (20261124100100_storage_limits_and_permission_keys.sql). */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** send_message takes at most 10 attachments on a message. */
export const MAX_ATTACHMENTS = 10;

export type AttachmentRefusal = 'type' | 'size';

/** Why the bucket would refuse this file, or null. A file without a type is judged by its name. */
export function attachmentRefusal(file: {
  type: string;
  size: number;
  name: string;
}): AttachmentRefusal | null {
  const type = attachmentType(file);
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(type)) return 'type';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'size';
  return null;
}

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
};

/** The file's type, from its name when the browser gave none (some Android pickers). */
export function attachmentType(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}

/**
 * What a shrunk image is written as: a PNG or WebP may have transparency, so WebP; a camera's
 * photo (JPEG, HEIC, AVIF) JPEG. GIFs (maybe animated) and PDFs are never redrawn.
 */
export function shrinkTarget(type: string): PhotoType | null {
  if (type === 'image/png' || type === 'image/webp') return 'image/webp';
  if (
    type === 'image/jpeg' ||
    type === 'image/heic' ||
    type === 'image/heif' ||
    type === 'image/avif'
  )
    return 'image/jpeg';
  return null;
}

/** `photo.HEIC` written as JPEG is `photo.jpg`. */
export function renamedFor(name: string, type: string): string {
  const ext = type === 'image/webp' ? 'webp' : type === 'image/jpeg' ? 'jpg' : null;
  if (!ext) return name;
  const base = name.replace(/\.[a-z0-9]+$/i, '') || 'photo';
  return `${base}.${ext}`;
}

/**
 * The file as it is sent: an image at most 1600 px on its long side, upright; a PDF, a GIF, or an
 * image this browser cannot decode, untouched.
 */
export async function shrinkAttachment(file: File): Promise<File> {
  const type = attachmentType(file);
  const target = shrinkTarget(type);
  if (!target) return file;
  const out = await compressPhoto(file, { type: target });
  if (out === file) return file;
  return new File([out], renamedFor(file.name, out.type), {
    type: out.type,
    lastModified: file.lastModified,
  });
}

/** A size as a person reads it, in the language's digits: 340 KB, 2.4 MB (2,4 MB in Greek). */
export function fileSize(bytes: number, locale = formatLocale()): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
  return `${mb} MB`;
}
