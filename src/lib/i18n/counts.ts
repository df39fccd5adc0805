// The counts in the app's texts, written without Intl.NumberFormat where it writes what Intl
// would. @lingui/core writes a plural's `#` with Intl.NumberFormat, and a page's first
// NumberFormat loads ICU's number data in one native call: 40-65 ms on a desktop, a task of
// 150-250 ms on Lighthouse's 4x slower phone, on every first screen that shows a count
// (bench/README.md "Issue 29: third pass"). So the catalogues are compiled with each plural as a
// select on `<name>:plural` and its `#` as `<name>:n` (scripts/vite-catalogs.ts writtenCounts),
// and `withCounts` gives both (and the number itself, for a `=N` branch: `<name>:exact`) for each
// number a text takes. docs/i18n.md.
import { formatLocale } from './format-locale';

// The locale's plural rules (cheap to make) and number format (made only for a count that needs it).
let locale = '';
let rules: Intl.PluralRules;
let numbers: Intl.NumberFormat | undefined;

/** A count as Intl.NumberFormat writes it in the locale of the moment (set by withCounts). */
function writeCount(n: number): string {
  // Whole numbers under 1000 are their digits in every language the app speaks (no grouping,
  // Latin digits): scripts/vite-catalogs.test.ts checks it against Intl for each of them.
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  return (numbers ??= new Intl.NumberFormat(locale)).format(n);
}

/** The values a compiled text takes: each number also as its plural category and as written. */
export function withCounts<V extends Record<string, unknown>>(values?: V): V | undefined {
  let out: Record<string, unknown> | undefined;
  for (const name in values) {
    const n = values[name];
    if (typeof n !== 'number') continue;
    if (locale !== formatLocale()) {
      locale = formatLocale();
      rules = new Intl.PluralRules(locale);
      numbers = undefined;
    }
    out ??= { ...values };
    out[`${name}:exact`] = String(n);
    out[`${name}:plural`] = rules.select(n);
    out[`${name}:n`] = writeCount(n);
  }
  return (out as V | undefined) ?? values;
}
