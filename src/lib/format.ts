import { messages } from './messages';

/** Up to two initials from a name, else the first letter of the e-mail. */
export function initialsOf(name: string | null | undefined, email: string | null | undefined) {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = words[0]!.charAt(0);
    const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
    return (first + last).toUpperCase();
  }
  return (email ?? '?').charAt(0).toUpperCase();
}

export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

export function greetingFor(hour: number): string {
  if (hour < 5) return messages.t('greeting.evening');
  if (hour < 12) return messages.t('greeting.morning');
  if (hour < 18) return messages.t('greeting.afternoon');
  return messages.t('greeting.evening');
}
