import { errorMessage } from '@/lib/errors';

export const ALREADY_REGISTERED_MESSAGE =
  'This email is already registered. Please sign in instead.';

/** The toast for a failed sign-up (docs/areas.md, spec §5, §8). */
export function signUpErrorMessage(e: unknown): string {
  const message = errorMessage(e, 'Failed to create account');
  return /already registered/i.test(message) ? ALREADY_REGISTERED_MESSAGE : message;
}
