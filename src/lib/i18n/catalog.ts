// The app's texts (docs/i18n.md). Every namespace (a folder with a `locales/` beside its
// `messages.ts`: `features/housekeeping`, `lib`, ...) keeps its English in `locales/en.json`,
// the source, imported with its code; its Greek and Albanian in `locales/el.json` and
// `locales/sq.json`, which reach the browser as one catalogue per language (catalog-el.ts,
// catalog-sq.ts), downloaded only when that language is chosen. ICU MessageFormat throughout,
// compiled at build time (scripts/vite-catalogs.ts) for @lingui/core's runtime.
//
// A text missing from a language falls back to English key by key: a namespace's messages in a
// language are its English with that language's over them.
import { i18n, type Messages } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
// Nothing of ./languages but its type: that module is the entry's (and the start-up contract's);
// importing it here would cut it out of the entry into a chunk of its own (bench/README.md,
// issue 28).
import { withCounts } from './counts';
import { FORMAT_LOCALES, setFormatLocale } from './format-locale';
import type { AppLanguage } from './languages';

/** Values an ICU message takes: `{name}`, `{count, plural, ...}`, `{when, date, short}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

type Translations = Record<string, Messages>;

const english = new Map<string, Messages>();
let active: AppLanguage = 'en';
let translations: Translations = {};
let version = 0;
const listeners = new Set<() => void>();

i18n.load('en', {});
i18n.activate('en', [FORMAT_LOCALES.en]);

function prefixed(namespace: string, messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, message] of Object.entries(messages)) out[`${namespace}.${key}`] = message;
  return out;
}

/** Puts a namespace's texts in the active language over its English. */
function loadNamespace(namespace: string, en: Messages) {
  if (active === 'en') return;
  i18n.load(active, prefixed(namespace, { ...en, ...translations[namespace] }));
}

export interface Catalog<Keys extends string> {
  readonly namespace: string;
  /** The text of a key in the active language (outside React: toasts, validation, errors). */
  t(key: Keys, values?: MessageValues): string;
  /** Whether a key exists (a server message or a code mapped to a text). */
  has(key: string): key is Keys;
  /**
   * A reference to a text, 'namespace:key', for what is written before the language is known
   * and shown later: a zod schema's messages (`message: messages.ref('emailInvalid')`), which
   * the form's field message shows with `translateRef` in the language of the moment.
   */
  ref(key: Keys): string;
}

const REF = /^([\w/-]+):([\w.-]+)$/;

/** The text a `ref` names in the active language; any other text as it is. */
export function translateRef(text: string, values?: MessageValues): string {
  const match = REF.exec(text);
  if (!match || !english.has(match[1]!)) return text;
  return i18n._(`${match[1]}.${match[2]}`, withCounts(values) as Record<string, unknown>);
}

/**
 * A namespace's catalogue, from its English (`import en from './locales/en.json'`): its keys are
 * the only ones `t` accepts, so a key missing from the English fails the type check.
 */
export function defineCatalog<Source extends Record<string, string>>(
  namespace: string,
  en: Source,
): Catalog<Extract<keyof Source, string>> {
  // At run time the import is the compiled catalogue (scripts/vite-catalogs.ts).
  const compiled = en as unknown as Messages;
  english.set(namespace, compiled);
  i18n.load('en', prefixed(namespace, compiled));
  loadNamespace(namespace, compiled);
  return {
    namespace,
    t: (key, values) =>
      i18n._(`${namespace}.${key}`, withCounts(values) as Record<string, unknown>),
    has: (key): key is Extract<keyof Source, string> => Object.hasOwn(compiled, key),
    ref: (key) => `${namespace}:${key}`,
  };
}

/** Each namespace's texts in one language ('features/housekeeping' -> its messages). */
type CatalogueFiles = Translations;
export type CatalogueLoaders = Record<
  Exclude<AppLanguage, 'en'>,
  () => Promise<{ default: CatalogueFiles }>
>;
let loaders: CatalogueLoaders | null = null;
let remember: (language: AppLanguage) => void = () => undefined;

/**
 * How the language chunks are downloaded (./loaders.ts), given by the app's entry (src/main.tsx)
 * and the tests' setup: their `import()`s sit in the entry, so this module's chunk needs no
 * preload helper of its own (bench/README.md, issue 28).
 */
export function setCatalogueLoaders(
  given: CatalogueLoaders,
  keep?: (language: AppLanguage) => void,
) {
  loaders = given;
  if (keep) remember = keep;
}

/** The language the app speaks now. */
export function activeLanguage(): AppLanguage {
  return active;
}

interface Switch {
  language: AppLanguage;
  done: Promise<boolean>;
}
let switching: Switch | null = null;

/**
 * Switches every screen to a language: downloads its catalogue (the service worker keeps it for
 * a start with no network), then re-renders whoever reads a text. Remembered on this device (by
 * the `keep` the entry gave setCatalogueLoaders).
 * If the catalogue cannot be had (offline and never downloaded), stays in the current language.
 * Asked again for the language it is switching to (a saved profile, then the profile's read),
 * it answers the switch under way; of two switches, the later one asked for wins.
 */
export function activateLanguage(language: AppLanguage): Promise<boolean> {
  if (switching?.language === language) return switching.done;
  const current: { language: AppLanguage; done?: Promise<boolean> } = { language };
  switching = current as Switch;
  const done = switchTo(language, () => switching === current);
  current.done = done;
  void done.finally(() => {
    if (switching === current) switching = null;
  });
  return done;
}

async function switchTo(language: AppLanguage, latest: () => boolean): Promise<boolean> {
  let next: Translations = {};
  if (language !== 'en') {
    try {
      if (!loaders) throw new Error('No catalogue loaders (setCatalogueLoaders)');
      // The language's chunk reads its files' namespaces itself (./namespaces.ts): that code is
      // not on the first screen.
      next = (await loaders[language]()).default;
    } catch (e) {
      console.warn(`The ${language} texts could not be loaded`, e);
      return false;
    }
  }
  // Another language was asked for while this one downloaded: that one is the user's.
  if (!latest()) return false;
  active = language;
  translations = next;
  for (const [namespace, en] of english) loadNamespace(namespace, en);
  i18n.activate(language, [FORMAT_LOCALES[language]]);
  setFormatLocale(FORMAT_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  remember(language);
  version += 1;
  for (const listener of listeners) listener();
  if (language !== 'en') keepOffline(language);
  return true;
}

/** Asks the service worker to keep the language's catalogue for a start with no network. */
function keepOffline(language: AppLanguage) {
  void globalThis.navigator?.serviceWorker?.ready.then((registration) =>
    registration.active?.postMessage({ type: 'KEEP_CATALOGUE', language }),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => version;

/** `t` of a catalogue in a component: the component renders again when the language changes. */
export function useT<Keys extends string>(catalog: Catalog<Keys>): Catalog<Keys>['t'] {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new function per language, so memoised texts follow a switch.
  return useMemo(
    () => (key: Keys, values?: MessageValues) => catalog.t(key, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is the language's version
    [catalog, current],
  );
}

/** The active language in a component (re-renders on a switch). */
export function useLanguage(): AppLanguage {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return active;
}
