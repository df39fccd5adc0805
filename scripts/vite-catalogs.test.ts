// The catalogues as the build compiles them write the same words as @lingui/core's plurals, for
// every plural text of every namespace in every language: the counts come from
// src/lib/i18n/counts.ts instead of Intl.NumberFormat (writtenCounts).
import { setupI18n } from '@lingui/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCounts } from '../src/lib/i18n/counts';
import { FORMAT_LOCALES, setFormatLocale } from '../src/lib/i18n/format-locale';
import { APP_LANGUAGES } from '../src/lib/startup-contract';
import { namespaces } from './i18n-catalogues';
import { compileCatalogue, writtenCounts } from './vite-catalogs';

type Compiled = Parameters<typeof writtenCounts>[0];

/** The values a message takes: a number for a plural's, a text for any other. */
function valuesOf(message: unknown, count: number, into: Record<string, unknown> = {}) {
  if (Array.isArray(message)) {
    const [name, type, branches] = message as unknown[];
    if (typeof name === 'string' && message.length === 1) into[name] ??= 'x';
    if (typeof name === 'string' && typeof type === 'string' && branches) {
      into[name] = type === 'plural' ? count : 'x';
      for (const branch of Object.values(branches)) valuesOf(branch, count, into);
    } else for (const token of message) valuesOf(token, count, into);
  }
  return into;
}

const COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 22, 101, 999, 1000, 1234, 1_234_567, 2.5];

describe('the compiled catalogues write counts as @lingui/core does', () => {
  for (const language of APP_LANGUAGES) {
    it(`in ${language}`, () => {
      const locale = FORMAT_LOCALES[language];
      setFormatLocale(locale);
      let plurals = 0;
      try {
        for (const ns of namespaces()) {
          const file = path.join(ns.dir, 'locales', `${language}.json`);
          if (!existsSync(file)) continue;
          const compiled = compileCatalogue(file);
          for (const [key, message] of Object.entries(compiled)) {
            if (!JSON.stringify(message).includes('"plural"')) continue;
            plurals++;
            // None of the app's plurals has an offset: each becomes a select (`=N` branches too).
            expect(JSON.stringify(writtenCounts(message as Compiled))).not.toContain('"plural"');
            const lingui = setupI18n({ locale: language, locales: [locale] });
            lingui.load(language, {
              before: message as never,
              after: writtenCounts(message as Compiled) as never,
            });
            lingui.activate(language, [locale]);
            for (const count of COUNTS) {
              const values = valuesOf(message, count);
              expect(lingui._('after', withCounts(values)), `${ns.name}.${key} ${count}`).toBe(
                lingui._('before', values),
              );
            }
          }
        }
      } finally {
        setFormatLocale('en-GB');
      }
      expect(plurals).toBeGreaterThan(10);
    });
  }

  it('writes whole numbers under 1000 as their digits, as Intl does in each language', () => {
    for (const language of APP_LANGUAGES) {
      const intl = new Intl.NumberFormat(FORMAT_LOCALES[language]);
      setFormatLocale(FORMAT_LOCALES[language]);
      const written = (n: number) => withCounts<Record<string, unknown>>({ n })!['n:n'];
      for (let n = 0; n < 1000; n++) expect(written(n)).toBe(intl.format(n));
      expect(written(12345.5)).toBe(intl.format(12345.5));
    }
    setFormatLocale('en-GB');
  });
});
