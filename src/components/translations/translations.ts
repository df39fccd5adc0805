// A name's translations, as the database keeps them (docs/i18n.md "Names the office writes").

export type Translations = { el?: string; sq?: string };
/** The languages a name is translated into (English is the name itself). */
export const OTHER = ['el', 'sq'] as const;

/** The map without empty entries, as the database takes it. */
export function cleanTranslations(value: Translations | null | undefined): Translations {
  const out: Translations = {};
  for (const language of OTHER) {
    const text = value?.[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}
