// What the full-page error screen shows and mails to support.

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
  const body = `What happened:\n\n\nPage: ${url}\nError: ${details}\n`;
  return `mailto:${email}?subject=${encodeURIComponent('Error Report')}&body=${encodeURIComponent(body)}`;
}
