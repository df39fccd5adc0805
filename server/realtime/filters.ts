// The postgres_changes parameters a client sends in its join payload, parsed the way Supabase
// Realtime reads them (Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params): the
// PostgREST-like filter grammar realtime-js's RealtimePostgresFilterBuilder writes, i.e.
// `col=op.value` joined by commas (AND), a `not.` prefix, `in.(a,b)` lists and "quoted" values.

export const FILTER_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface ChangeFilter {
  column: string;
  op: FilterOp;
  /** For `in`, a Postgres array literal (`{a,b}`); otherwise the unquoted value. */
  value: string;
  negate: boolean;
}

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeParams {
  event: ChangeEvent;
  schema: string;
  table: string;
  filters: ChangeFilter[];
  select: string[] | null;
}

export type ParseResult = { ok: true; params: ChangeParams } | { ok: false; message: string };

function actionFilter(event: unknown): ChangeEvent {
  if (typeof event !== 'string') return '*';
  const up = event.toUpperCase();
  return up === 'INSERT' || up === 'UPDATE' || up === 'DELETE' ? up : '*';
}

/** Splits on commas that are outside double quotes and parentheses. */
function splitTopLevel(filter: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[i + 1]!;
        prev = filter[i + 1]!;
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
      prev = ch;
      continue;
    }
    if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')') {
      depth = Math.max(0, depth - 1);
    } else if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
      prev = '';
      continue;
    }
    current += ch;
    prev = ch;
  }
  out.push(current);
  return out;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let acc = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      acc += value[++i]!;
    } else if (ch === '"') {
      return i === value.length - 1 ? acc : value;
    } else {
      acc += ch;
    }
  }
  return value;
}

function parseSegment(
  segment: string,
): { ok: true; filter: ChangeFilter } | { ok: false; message: string } {
  const trimmed = segment.trim();
  if (!trimmed) {
    return {
      ok: false,
      message: 'filter must not contain empty segments (check for extra commas)',
    };
  }
  const eq = trimmed.indexOf('=');
  if (eq < 0) return { ok: false, message: JSON.stringify([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) return { ok: false, message: JSON.stringify([column, rest]) };
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) {
    return { ok: false, message: JSON.stringify([op, raw]).replaceAll(',', ', ') };
  }
  if (op === 'in') {
    if (raw.length < 2 || !raw.startsWith('(') || !raw.endsWith(')')) {
      return { ok: false, message: '`in` filter value must be wrapped by parentheses' };
    }
    return {
      ok: true,
      filter: { column, op: 'in', value: `{${raw.slice(1, -1)}}`, negate },
    };
  }
  return { ok: true, filter: { column, op: op as FilterOp, value: unquote(raw), negate } };
}

export function parseFilter(
  filter: string,
): { ok: true; filters: ChangeFilter[] } | { ok: false; message: string } {
  const trimmed = filter.trim();
  if (!trimmed) return { ok: true, filters: [] };
  const filters: ChangeFilter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const r = parseSegment(segment);
    if (!r.ok) return r;
    filters.push(r.filter);
  }
  return { ok: true, filters };
}

const isString = (v: unknown): v is string => typeof v === 'string';

export function parseChangeParams(raw: unknown): ParseResult {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      ok: false,
      message:
        'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to',
    };
  }
  const p = raw as Record<string, unknown>;
  const event = actionFilter(p.event);
  let select: string[] | null = null;
  if (Array.isArray(p.select)) {
    const cols = p.select.filter(isString);
    select = cols.length ? cols : null;
  } else if (typeof p.select === 'string') {
    return {
      ok: false,
      message:
        'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    };
  }
  let schema: string;
  let table: string;
  let filters: ChangeFilter[] = [];
  const has = (k: string) => p[k] !== undefined;
  if (isString(p.schema) && isString(p.table) && isString(p.filter)) {
    const r = parseFilter(p.filter);
    if (!r.ok) return { ok: false, message: `Error parsing \`filter\` params: ${r.message}` };
    schema = p.schema;
    table = p.table;
    filters = r.filters;
  } else if (isString(p.schema) && isString(p.table) && !has('filter')) {
    schema = p.schema;
    table = p.table;
  } else if (isString(p.schema) && !has('table') && !has('filter')) {
    schema = p.schema;
    table = '*';
  } else if (isString(p.table) && !has('schema') && !has('filter')) {
    schema = 'public';
    table = p.table;
  } else {
    return {
      ok: false,
      message:
        'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to',
    };
  }
  if (select && (schema === '*' || table === '*')) {
    return {
      ok: false,
      message:
        'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    };
  }
  return { ok: true, params: { event, schema, table, filters, select } };
}

/** How Supabase prints the parameters in its subscription errors. */
export function describeParams(params: ChangeParams): string {
  const filters = params.filters.map(
    (f) =>
      `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`,
  );
  return `event: ${params.event}, schema: ${params.schema}, table: ${params.table}, filters: [${filters.join(', ')}], select: ${params.select ? JSON.stringify(params.select) : 'nil'}`;
}
