import { errorMessage } from '@/lib/errors';
import { messages } from '../messages';

/** The toast for a failed sign-up (docs/areas.md, spec §5, §8). */
export function signUpErrorMessage(e: unknown): string {
  const message = errorMessage(e, messages.t('signUp.failed'));
  return /already registered/i.test(message) ? messages.t('signUp.alreadyRegistered') : message;
}
