// The languages the app speaks (docs/i18n.md): English, the source of every text, and the field
// staff's Greek and Albanian. A profile's language (profiles.language, a BCP 47 tag) picks one;
// before the profile is known, the browser's languages do; English otherwise.

import { APP_LANGUAGES, LANGUAGE_KEY as STORED } from '../startup-contract';

export { APP_LANGUAGES, LANGUAGE_KEY } from '../startup-contract';
export type AppLanguage = (typeof APP_LANGUAGES)[number];

/** The languages a text is translated into: every one but English, the source. */
export type TranslatedLanguage = Exclude<AppLanguage, 'en'>;
export const TRANSLATED_LANGUAGES = APP_LANGUAGES.filter(
  (language): language is TranslatedLanguage => language !== 'en',
);

/** Each language in its own words, as the profile's select shows it. */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = {
  en: 'English',
  el: 'Ελληνικά',
  sq: 'Shqip',
};

export { FORMAT_LOCALES } from './format-locale';

/** 'el-GR' -> 'el'; null for a language the app has no texts in. */
export function supportedLanguage(tag: string | null | undefined): AppLanguage | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (APP_LANGUAGES as readonly string[]).includes(primary) ? (primary as AppLanguage) : null;
}

/** The profile's language, else the first of the browser's the app speaks, else English. */
export function chooseLanguage(
  profile: string | null | undefined,
  browser: readonly string[] = globalThis.navigator?.languages ?? [],
): AppLanguage {
  const fromProfile = supportedLanguage(profile);
  if (fromProfile) return fromProfile;
  for (const tag of browser) {
    const found = supportedLanguage(tag);
    if (found) return found;
  }
  return 'en';
}

/** The language this device used last (a cold start offline opens in it); null when none. */
export function storedLanguage(): AppLanguage | null {
  try {
    return supportedLanguage(globalThis.localStorage?.getItem(STORED));
  } catch {
    return null;
  }
}

/** Keeps the language on this device, for the next start (boot.js and main.tsx read it). */
export function rememberLanguage(language: AppLanguage) {
  try {
    globalThis.localStorage?.setItem(STORED, language);
  } catch {
    // Private mode: the language holds until the tab closes.
  }
}
