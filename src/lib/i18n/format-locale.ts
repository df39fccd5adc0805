// The locale the app formats dates, times, numbers and money in: the chosen language's
// (FORMAT_LOCALES), set by the catalogue when a language is activated (catalog.ts). A module of
// its own so the formatting helpers (company-time.ts, company-preferences.ts) need no catalogue.

import type { AppLanguage } from './languages';

/** The locale dates, numbers and money are formatted in (English as the company writes it). */
export const FORMAT_LOCALES: Record<AppLanguage, string> = {
  en: 'en-GB',
  el: 'el-GR',
  sq: 'sq-AL',
};

let locale = 'en-GB';
const listeners = new Set<() => void>();

export function formatLocale(): string {
  return locale;
}

export function setFormatLocale(next: string) {
  if (next === locale) return;
  locale = next;
  for (const listener of listeners) listener();
}

/** Called when the locale changes (a helper drops the formats it built for the old one). */
export function onFormatLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
