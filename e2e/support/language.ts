// The app's texts as a user reads them in each language (docs/i18n.md), for the language specs:
// the catalogues read from the files and formatted by the app's own runtime (@lingui/core), so a
// spec names a text by its key, and the check that a screen shows no English word but names and
// data.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { expect, type Page } from '@playwright/test';
import { FIELD_NAMESPACES, namespaces } from '../../scripts/i18n-catalogues';
import { compileCatalogue } from '../../scripts/vite-catalogs';
import path from 'node:path';

export type Language = 'en' | 'el' | 'sq';
export const LANGUAGES: readonly Language[] = ['en', 'el', 'sq'];

const all = namespaces();
const instances = new Map<Language, I18n>();

function instance(language: Language): I18n {
  let i18n = instances.get(language);
  if (i18n) return i18n;
  const messages: Messages = {};
  for (const ns of all) {
    const en = compileCatalogue(path.join(ns.dir, 'locales', 'en.json'));
    const own =
      language === 'en' ? {} : compileCatalogue(path.join(ns.dir, 'locales', `${language}.json`));
    for (const [key, message] of Object.entries({ ...en, ...own }))
      messages[`${ns.name}.${key}`] = message as Messages[string];
  }
  i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  instances.set(language, i18n);
  return i18n;
}

/** A text of namespace `ns` in `language`, as the app shows it. */
export function tr(
  language: Language,
  ns: string,
  key: string,
  values?: Record<string, unknown>,
): string {
  const id = `${ns}.${key}`;
  const i18n = instance(language);
  if (!(id in i18n.messages)) throw new Error(`no text ${id}`);
  return i18n._(id, values);
}

const WORD = /\p{L}[\p{L}'’]*/gu;
const words = (text: string) =>
  (text.match(WORD) ?? []).map((w) => w.toLowerCase()).filter((w) => w.length >= 4);

/**
 * The English words of the field screens' texts that the language's own texts never use: one
 * of them on a screen is an English text left over.
 */
function englishWords(language: Exclude<Language, 'en'>): Set<string> {
  const own = new Set<string>();
  for (const ns of all)
    for (const text of Object.values(ns.translations[language]))
      for (const w of words(text.replace(/\{[^{}]*\}/g, ' '))) own.add(w);
  const english = new Set<string>();
  for (const ns of all) {
    if (!FIELD_NAMESPACES.includes(ns.name)) continue;
    for (const text of Object.values(ns.en))
      for (const w of words(text.replace(/\{\s*\w+\s*(,[^{}]*)?\}/g, ' ')))
        if (!own.has(w)) english.add(w);
  }
  return english;
}

/**
 * The page shows no English word of the app's texts: everything it reads out (visible and
 * screen-reader text) but the names and data given in `data` (a villa's name, a person's, an
 * address) is in `language`.
 */
export async function expectNoEnglish(
  page: Page,
  language: Exclude<Language, 'en'>,
  data: string[],
): Promise<void> {
  const english = englishWords(language);
  let text = await page.evaluate(
    () =>
      document.body.innerText +
      ' ' +
      [...document.querySelectorAll('[aria-label]')]
        .map((e) => e.getAttribute('aria-label'))
        .join(' '),
  );
  for (const d of data) text = text.split(d).join(' ');
  // E-mail addresses are data too (the demo accounts').
  text = text.replace(/\S+@\S+/g, ' ');
  const found = [...new Set(words(text).filter((w) => english.has(w)))].map((w) => {
    // Each word with what surrounds it, to find it on the screen.
    const at = text.toLowerCase().search(new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, 'u'));
    return `${w}: …${text.slice(Math.max(0, at - 30), at + w.length + 30).replace(/\s+/g, ' ')}…`;
  });
  expect(found, `English words on a ${language} screen`).toEqual([]);
}
