// The text catalogues (docs/i18n.md), read from the files: every namespace's English, Greek and
// Albanian, what each translation covers, and what is wrong with it. Used by `npm run
// i18n:report` (scripts/i18n-report.ts) and checked in `npm test` (scripts/i18n-catalogues.test.ts).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../src/lib/i18n/languages.ts';
import { namespaceOf } from '../src/lib/i18n/namespaces.ts';
import { compileCatalogue } from './vite-catalogs.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The namespaces of the field screens the issue names (sign-in, dashboard, My route and the
 * checklist run, reporting a problem, work orders, the offline banner and Sync Queue panel, the
 * install and update cards, the error screen): complete in Greek and Albanian, always.
 */
export const FIELD_NAMESPACES = [
  'app',
  // The signed-in frame's texts, in the chunks that draw them (the entry carries only 'app'):
  'app/guards',
  'app/layouts',
  'app/pwa',
  'app/routes',
  'app/sync',
  'components',
  'lib',
  'offline',
  'features/auth',
  'features/dashboard',
  'features/housekeeping',
  'features/maintenance',
  'features/notifications',
  'domain/cleans',
  'domain/work-orders',
];

export interface Namespace {
  name: string;
  dir: string;
  en: Record<string, string>;
  translations: Record<TranslatedLanguage, Record<string, string>>;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const read = (file: string) =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};

export function namespaces(): Namespace[] {
  return walk(path.join(ROOT, 'src'))
    .filter((f) => f.endsWith(`${path.sep}locales${path.sep}en.json`))
    .map((file) => {
      const dir = path.dirname(path.dirname(file));
      return {
        // The app's own reading of a catalogue's path (the language chunks use it too).
        name: namespaceOf(`/${path.relative(ROOT, file).split(path.sep).join('/')}`),
        dir,
        en: read(file),
        translations: {
          el: read(path.join(dir, 'locales', 'el.json')),
          sq: read(path.join(dir, 'locales', 'sq.json')),
        },
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The names a compiled message takes as values ({name}, {count, plural, ...}). */
function placeholders(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, , format] = token as [unknown, unknown, unknown];
    if (typeof name === 'string') into.add(name);
    if (format && typeof format === 'object')
      for (const branch of Object.values(format)) placeholders(branch, into);
  }
  return into;
}

/** What is wrong with the catalogues: one line per problem. */
export function problems(all = namespaces()): string[] {
  const out: string[] = [];
  for (const ns of all) {
    const messages = path.join(ns.dir, 'messages.ts');
    if (!existsSync(messages) || !readFileSync(messages, 'utf8').includes(`'${ns.name}'`))
      out.push(`${ns.name}: messages.ts must call defineCatalog('${ns.name}', en)`);
    const en = compileCatalogue(path.join(ns.dir, 'locales', 'en.json'));
    for (const lang of TRANSLATED_LANGUAGES) {
      const file = path.join(ns.dir, 'locales', `${lang}.json`);
      if (!existsSync(file)) {
        out.push(`${ns.name}: no locales/${lang}.json`);
        continue;
      }
      let compiled: Record<string, unknown>;
      try {
        compiled = compileCatalogue(file);
      } catch (e) {
        out.push((e as Error).message);
        continue;
      }
      for (const [key, message] of Object.entries(compiled)) {
        if (!(key in en)) {
          out.push(`${ns.name}: ${lang} has "${key}", which English has not`);
          continue;
        }
        // A translation may leave out a value English shows (a table's name in a refusal), never
        // take one English does not give (it would show nothing).
        const want = placeholders(en[key]);
        const extra = [...placeholders(message)].filter((name) => !want.has(name));
        if (extra.length > 0)
          out.push(
            `${ns.name}: ${lang} "${key}" takes {${extra.join(',')}}, which English does not give`,
          );
      }
    }
  }
  return out;
}

export interface Coverage {
  name: string;
  keys: number;
  el: number;
  sq: number;
}

export function coverage(all = namespaces()): Coverage[] {
  return all.map((ns) => {
    const keys = Object.keys(ns.en);
    const count = (lang: TranslatedLanguage) =>
      keys.filter((k) => (ns.translations[lang][k] ?? '') !== '').length;
    return { name: ns.name, keys: keys.length, el: count('el'), sq: count('sq') };
  });
}
