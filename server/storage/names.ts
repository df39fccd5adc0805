// Bucket names and object keys. Bucket names follow Storage's rule (S3-safe characters, no '/',
// at most 100 characters). Object keys may hold any printable character as on Storage, but this
// backend also refuses what looks like a file-system path: '.' and '..' segments, empty segments
// (leading, trailing or doubled '/'), backslashes and control characters. Keys never reach the
// file system (bytes are stored by version id), so the refusal is about clean names, not safety.
import { errors } from './errors.ts';

const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]+$/;
// C0 and C1 controls, DEL, and the two non-characters Storage's name check refuses.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_KEY = /[\u0000-\u001f\u007f-\u009f\\\ufffe\uffff]/;
// With the u flag a valid pair is one code point, so this matches only halves that UTF-8 cannot hold.
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const MAX_KEY_BYTES = 1024;

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 && name.length <= 100 && BUCKET_NAME.test(name) && name !== '.' && name !== '..'
  );
}

export function assertBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw errors.invalidBucketName();
}

export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false;
  if (FORBIDDEN_IN_KEY.test(key)) return false;
  if (LONE_SURROGATE.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !isValidKey(key)) {
    throw errors.invalidKey(typeof key === 'string' ? key : '');
  }
}

/** Decodes one percent-encoded piece of a URL path; malformed escapes are a bad key. */
export function decodePathPart(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errors.invalidKey(raw);
  }
}

/** Objects whose name ends like this are the dashboard's empty-folder markers (size 0). */
export function isEmptyFolderPlaceholder(key: string): boolean {
  return key.endsWith('.emptyFolderPlaceholder');
}
