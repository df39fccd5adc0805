// The counts in the app's texts, written without Intl.NumberFormat where it writes what Intl
// would. @lingui/core writes a plural's `#` with Intl.NumberFormat, and a page's first
// NumberFormat loads ICU's number data in one native call: 40-65 ms on a desktop, a task of
// 150-250 ms on Lighthouse's 4x slower phone, on every first screen that shows a count
// (bench/README.md "Issue 29: third pass"). So the catalogues are compiled with each plural as a
// select on `<name>:plural` and its `#` as `<name>:n` (scripts/vite-catalogs.ts
// writtenCounts), and `withCounts` gives both for each number a text takes. docs/i18n.md.
import { formatLocale } from './format-locale';

const plurals = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

/** A count as Intl.NumberFormat writes it in the locale of the moment. */
export function writeCount(n: number): string {
  // Whole numbers under 1000 are their digits in every language the app speaks (no grouping,
  // Latin digits): scripts/vite-catalogs.test.ts checks it against Intl for each of them.
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  const locale = formatLocale();
  let format = numbers.get(locale);
  if (!format) numbers.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

/** The plural category of a count in the locale of the moment ('one', 'other', ...). */
export function pluralOf(n: number): string {
  const locale = formatLocale();
  let rules = plurals.get(locale);
  if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(n);
}

/** The values a compiled text takes: each number also as its plural category and as written. */
export function withCounts<V extends Record<string, unknown>>(
  values: V | undefined,
): V | undefined {
  if (!values) return values;
  let out: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'number') continue;
    out ??= { ...values };
    out[`${name}:plural`] = pluralOf(value);
    out[`${name}:n`] = writeCount(value);
  }
  return (out as V | null) ?? values;
}
