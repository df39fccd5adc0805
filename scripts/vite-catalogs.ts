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
      return `export default ${JSON.stringify(compileCatalogue(file))};`;
    },
  };
}
