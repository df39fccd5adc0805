// A name the office wrote in English with its translations beside it (docs/i18n.md "Names the
// office writes"): checklist templates' and cleaning types' `name_i18n`, a checklist's sections'
// `title_i18n` and items' `label_i18n`, each { el?: string, sq?: string }.
import { activeLanguage } from './catalog';
import type { AppLanguage } from './languages';

/** The text in the language (the active one by default), else the English. */
export function localized(
  english: string,
  translations: unknown,
  language: AppLanguage = activeLanguage(),
): string {
  if (language === 'en' || !translations || typeof translations !== 'object') return english;
  const text = (translations as Record<string, unknown>)[language];
  return typeof text === 'string' && text.trim() !== '' ? text : english;
}
