// The catalogues' rules (docs/i18n.md), on the files: every namespace is declared under its
// folder's name; Greek and Albanian hold no key English lacks, take no value English does not give and
// are valid ICU; the field screens' namespaces are complete in both. (A key a screen uses that
// English lacks fails the type check: Catalog.t takes only the English keys.)
import { describe, expect, it } from 'vitest';
import { coverage, FIELD_NAMESPACES, namespaces, problems } from './i18n-catalogues.ts';

describe('text catalogues', () => {
  it('have no problem', () => {
    expect(problems()).toEqual([]);
  });

  it('cover the field screens completely in Greek and Albanian', () => {
    const names = namespaces().map((n) => n.name);
    for (const name of FIELD_NAMESPACES) expect(names, `namespace ${name}`).toContain(name);
    const incomplete = coverage()
      .filter((c) => FIELD_NAMESPACES.includes(c.name) && (c.el < c.keys || c.sq < c.keys))
      .map((c) => `${c.name}: el ${c.el}/${c.keys}, sq ${c.sq}/${c.keys}`);
    expect(incomplete).toEqual([]);
  });
});
