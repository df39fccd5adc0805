// A name's translations, as the database keeps them (docs/i18n.md "Names the office writes").
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@/lib/i18n/languages';

export type Translations = Partial<Record<TranslatedLanguage, string>>;

/** The map without empty entries, as the database takes it. */
export function cleanTranslations(value: Translations | null | undefined): Translations {
  const out: Translations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const text = value?.[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}
