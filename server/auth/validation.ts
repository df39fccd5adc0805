// Input checks with GoTrue's messages (internal/api/mail.go validateEmail, password.go,
// admin.go ban_duration which uses Go's time.ParseDuration).
import { AuthError } from './errors.ts';

// The format check of badoux/checkmail, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Validates and lower-cases an address, throwing GoTrue's 400 validation_failed errors. */
export function validateEmail(email: string): string {
  if (email === '') throw AuthError.badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) {
    throw AuthError.badRequest('validation_failed', 'An email address is too long');
  }
  if (!EMAIL_FORMAT.test(email)) {
    throw AuthError.badRequest(
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  return email.toLowerCase();
}

export const MAX_PASSWORD_BYTES = 72;

/** GoTrue's checkPasswordStrength for the settings this backend has (minimum length). */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    // bcrypt ignores everything after 72 bytes; accepting more would silently weaken the hash.
    throw AuthError.badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    );
  }
  if ([...password].length < minLength) {
    throw AuthError.weakPassword(`Password should be at least ${minLength} characters.`, [
      'length',
    ]);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration ("876000h", "1h30m", "1.5s", "-2m") in milliseconds, or null. */
export function parseGoDuration(input: string): number | null {
  let s = input.trim();
  if (s === '') return null;
  let sign = 1;
  if (s[0] === '-' || s[0] === '+') {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  let total = 0;
  let matched = false;
  while (s.length > 0) {
    const m = part.exec(s);
    if (!m) return null;
    total += Number(m[1]) * DURATION_UNITS[m[2]!]!;
    s = s.slice(m[0].length);
    matched = true;
  }
  return matched && Number.isFinite(total) ? sign * total : null;
}
