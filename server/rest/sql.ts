// SQL text helpers: identifiers are always quoted, values always travel as $n parameters.

/** Postgres cannot store NUL in a name; PostgREST cuts at the first one. */
function trimNul(s: string): string {
  const i = s.indexOf('\0');
  return i === -1 ? s : s.slice(0, i);
}

export function ident(name: string): string {
  return `"${trimNul(name).replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** Collects the parameters of one statement; every value is sent as text (or NULL). */
export class Params {
  readonly values: (string | null)[] = [];
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A Postgres array literal of text elements, every element quoted (PostgREST's pgBuildArrayLiteral). */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values
    .map((v) => `"${trimNul(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)
    .join(',')}}`;
}
