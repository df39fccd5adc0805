// The app's text catalogues (src/**/locales/<lang>.json, docs/i18n.md) compiled at build time:
// each ICU message becomes the form @lingui/core's runtime formats without a parser, so the
// browser downloads no message compiler. A message that is not valid ICU fails the build (and
// the tests, which run the same plugin: vitest.config.ts).
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const CATALOGUE = /\/locales\/[a-z]{2}\.json$/;
// Not ending in .json, so Vite's own JSON plugin leaves the compiled module alone.
const PREFIX = '\0catalog:';
const SUFFIX = '.js';

export function compileCatalogue(file: string): Record<string, unknown> {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a text`);
    try {
      out[key] = compileMessage(message);
    } catch (e) {
      throw new Error(`${file}: ${key} is not a valid ICU message: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }
  return out;
}

type Compiled = string | number | null | undefined | Compiled[] | { [branch: string]: Compiled };

/**
 * A compiled message with each plural (without an offset) as a select on `<name>:plural` and its
 * `#` as `<name>:n` (its `=N` branches first, as a select on `<name>:exact`), which the app gives for every number a text takes
 * (src/lib/i18n/counts.ts withCounts): @lingui/core would write `#` with Intl.NumberFormat, whose
 * first use in a page is a long task on a phone. The same words: scripts/vite-catalogs.test.ts.
 */
export function writtenCounts(message: Compiled, plural: string | null = null): Compiled {
  if (typeof message === 'string') return message === '#' && plural ? [`${plural}:n`] : message;
  // An offset's number, an empty branch.
  if (message === null || typeof message !== 'object') return message;
  if (!Array.isArray(message)) {
    const out: Record<string, Compiled> = {};
    for (const [branch, text] of Object.entries(message)) out[branch] = writtenCounts(text, plural);
    return out;
  }
  const [name, type, branches] = message;
  if (
    typeof name === 'string' &&
    typeof type === 'string' &&
    branches &&
    !Array.isArray(branches)
  ) {
    if (typeof branches === 'object') {
      const { offset, ...cases } = branches as Record<string, Compiled>;
      if (type === 'plural' && !offset) {
        // Exact branches (`=0`, compiled as "0") first, on `<name>:exact`; the rest by category.
        const exact = Object.keys(cases).filter((b) => /^=?\d+$/.test(b));
        const byCategory: Compiled = [
          `${name}:plural`,
          'select',
          writtenCounts(
            Object.fromEntries(Object.entries(cases).filter(([b]) => !exact.includes(b))),
            name,
          ),
        ];
        if (exact.length === 0) return byCategory;
        return [
          `${name}:exact`,
          'select',
          {
            ...Object.fromEntries(
              exact.map((b) => [b.replace(/^=/, ''), writtenCounts(cases[b]!, name)]),
            ),
            other: [byCategory],
          },
        ];
      }
      return [name, type, writtenCounts(branches, type === 'plural' ? name : plural)];
    }
  }
  // A token list: a text and its placeholders.
  return message.map((token) => writtenCounts(token, plural));
}

export function compiledCatalogs(): Plugin {
  return {
    name: 'arivia:catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!CATALOGUE.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = compileCatalogue(file) as Record<string, Compiled>;
      for (const key of Object.keys(messages)) messages[key] = writtenCounts(messages[key]!);
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
