// What the full-page error screen shows and mails to support (the mail in the user's language).
import { messages } from './messages';

export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'object' && error !== null) {
    const e = error as { status?: unknown; statusText?: unknown; data?: unknown };
    if (typeof e.status === 'number') {
      return `${e.status} ${typeof e.statusText === 'string' ? e.statusText : ''}`.trim();
    }
  }
  return String(error);
}

export function supportMailto(email: string, details: string, url: string): string {
  const body = messages.t('report.body', { url, details });
  const subject = messages.t('report.subject');
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
