// The PostgREST query-string grammar, parsed into a small AST. Follows PostgREST's
// src/PostgREST/ApiRequest/QueryParams.hs (select, filters, and/or trees, order, limit/offset,
// columns, on_conflict) and answers malformed input with its PGRST100 shape:
// message `"failed to parse select parameter (…)" (line 1, column N)`, details `unexpected … expecting …`.
// Pure: no schema knowledge here.
import { invalidRange, queryParamError } from './errors.ts';

export interface JsonOperation {
  arrow: '->' | '->>';
  /** A key, or an array index when `index` is set (then `key` holds the signed number). */
  key: string;
  index: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonOperation[];
}

export type Aggregate = 'avg' | 'count' | 'max' | 'min' | 'sum';

export type SelectItem =
  | {
      kind: 'field';
      field: Field;
      alias?: string;
      /** With an aggregate, the cast of its input (`amount::numeric.sum()`). */
      cast?: string;
      aggregate?: Aggregate;
      /** The cast of the aggregate's result (`amount.sum()::text`). */
      aggregateCast?: string;
    }
  | {
      kind: 'relation';
      name: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj';

export type QuantOperator =
  'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'op'; operator: SimpleOperator; value: string }
  | { kind: 'quant'; operator: QuantOperator; quantifier: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string };

export interface OpExpr {
  negated: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'stmt'; filter: Filter }
  | { kind: 'expr'; negated: boolean; operator: 'and' | 'or'; children: LogicTree[] };

export type OrderTerm =
  | { kind: 'field'; field: Field; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
  | {
      kind: 'relation';
      relation: string;
      field: Field;
      direction?: 'asc' | 'desc';
      nulls?: 'first' | 'last';
    };

export interface Range {
  offset: number;
  limit?: number;
}

/** An embed path: [] is the root, ['rel', 'sub'] a nested embedded resource. */
export type EmbedPath = string[];

export interface QueryParams {
  select: SelectItem[];
  filters: { path: EmbedPath; filter: Filter }[];
  logic: { path: EmbedPath; tree: LogicTree }[];
  order: { path: EmbedPath; terms: OrderTerm[] }[];
  /** Keyed by the embed path joined with '\0' ('' for the root). */
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are not filters: the arguments of a GET /rpc call. */
  params: [string, string][];
}

const SIMPLE_OPERATORS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]);
const QUANT_OPERATORS = new Set<string>([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const FTS_OPERATORS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const AGGREGATES = new Set<string>(['avg', 'count', 'max', 'min', 'sum']);

/** Deeper nesting than this is refused rather than risking the stack. */
const MAX_DEPTH = 64;

class ParseFail extends Error {
  constructor(
    readonly pos: number,
    readonly unexpected: string,
    readonly expecting: string[],
  ) {
    super(unexpected);
  }
}

class Cursor {
  pos = 0;
  constructor(readonly s: string) {}
  get eof() {
    return this.pos >= this.s.length;
  }
  peek(n = 0): string {
    return this.s[this.pos + n] ?? '';
  }
  startsWith(t: string): boolean {
    return this.s.startsWith(t, this.pos);
  }
  fail(expecting: string[], unexpected?: string): never {
    const u = unexpected ?? (this.eof ? 'end of input' : JSON.stringify(this.peek()));
    throw new ParseFail(this.pos, u, expecting);
  }
  expect(t: string, label = JSON.stringify(t)): void {
    if (!this.startsWith(t)) this.fail([label]);
    this.pos += t.length;
  }
  ws(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  /** Runs p; on failure restores the position and returns undefined (Parsec's `try`). */
  attempt<T>(p: () => T): T | undefined {
    const saved = this.pos;
    try {
      return p();
    } catch (e) {
      if (!(e instanceof ParseFail)) throw e;
      this.pos = saved;
      return undefined;
    }
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

/** Postgres identifiers cannot hold NUL; PostgREST cuts names at the first one. */
function trimNul(s: string): string {
  const i = s.indexOf('\0');
  return i === -1 ? s : s.slice(0, i);
}

function identifier(c: Cursor): string {
  const start = c.pos;
  while (!c.eof && IDENT_CHAR.test(c.peek())) c.pos++;
  if (c.pos === start) c.fail(['field name (* or [a..z0..9_$])']);
  return c.s.slice(start, c.pos).trim();
}

function quotedValue(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    if (c.eof) c.fail(['"\\""']);
    const ch = c.peek();
    if (ch === '"') {
      c.pos++;
      return out;
    }
    if (ch === '\\') {
      c.pos++;
      if (c.eof) c.fail(['any character']);
    }
    out += c.peek();
    c.pos++;
  }
}

function fieldName(c: Cursor): string {
  if (c.peek() === '"') return trimNul(quotedValue(c));
  const parts = [identifier(c)];
  while (c.peek() === '-' && c.peek(1) !== '>') {
    c.pos++;
    parts.push(identifier(c));
  }
  return trimNul(parts.join('-'));
}

function jsonPath(c: Cursor): JsonOperation[] {
  const path: JsonOperation[] = [];
  for (;;) {
    let arrow: '->' | '->>';
    if (c.startsWith('->>')) arrow = '->>';
    else if (c.startsWith('->')) arrow = '->';
    else return path;
    c.pos += arrow.length;
    const idx = c.attempt(() => {
      const m = /^-?\d+/.exec(c.s.slice(c.pos));
      if (!m) c.fail(['digit']);
      const after = c.s.slice(c.pos + m[0].length);
      if (!(
        after === '' ||
        after.startsWith('->') ||
        after.startsWith('::') ||
        after.startsWith('.') ||
        after.startsWith(',') ||
        after.startsWith(')')
      )) {
        c.fail(['digit']);
      }
      c.pos += m[0].length;
      return m[0].startsWith('-') ? m[0] : `+${m[0]}`;
    });
    if (idx !== undefined) path.push({ arrow, key: idx, index: true });
    else path.push({ arrow, key: fieldName(c), index: false });
  }
}

function field(c: Cursor): Field {
  c.ws();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.ws();
  return { name, jsonPath: path };
}

function aliasPrefix(c: Cursor): string | undefined {
  return c.attempt(() => {
    const a = fieldName(c);
    if (c.peek() !== ':' || c.peek(1) === ':') c.fail(['":"']);
    c.pos++;
    return a;
  });
}

/** The type names a cast may use besides a single identifier (they are written unquoted). */
const MULTI_WORD_TYPES = new Set([
  'double precision',
  'character varying',
  'bit varying',
  'timestamp with time zone',
  'timestamp without time zone',
  'time with time zone',
  'time without time zone',
]);

function castName(c: Cursor): string {
  const start = c.pos;
  while (!c.eof && /[\p{L}0-9_ ]/u.test(c.peek())) c.pos++;
  const cast = c.s.slice(start, c.pos).trim().replace(/\s+/g, ' ');
  // Casts go into the SQL unquoted (quoting would break `int` or `double precision`), so only
  // one plain identifier or a known multi-word type name is accepted, optionally with [].
  const ok = /^[A-Za-z_][A-Za-z0-9_]*$/.test(cast) || MULTI_WORD_TYPES.has(cast.toLowerCase());
  if (!ok) {
    c.pos = start;
    c.fail(['type name']);
  }
  if (c.startsWith('[]')) {
    c.pos += 2;
    return `${cast}[]`;
  }
  return cast;
}

function selectEnd(c: Cursor, inEmbed: boolean): void {
  if (c.eof || c.peek() === ',' || (inEmbed && c.peek() === ')')) return;
  c.fail(
    inEmbed
      ? ['"->"', '"::"', '")"', '","', 'end of input']
      : ['"->"', '"::"', '","', 'end of input'],
  );
}

function selectForest(c: Cursor, depth: number, inEmbed: boolean): SelectItem[] {
  if (depth > MAX_DEPTH) c.fail(['less nesting']);
  const items: SelectItem[] = [];
  c.ws();
  if (inEmbed && c.peek() === ')') return items;
  for (;;) {
    items.push(selectTree(c, depth, inEmbed));
    c.ws();
    if (c.peek() !== ',') return items;
    c.pos++;
    c.ws();
  }
}

function embedParams(c: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  const out: { hint?: string; joinType?: 'inner' | 'left' } = {};
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    const p = fieldName(c);
    if (p === 'inner' || p === 'left') out.joinType = p;
    else out.hint = p;
  }
  return out;
}

function selectTree(c: Cursor, depth: number, inEmbed: boolean): SelectItem {
  c.ws();
  if (c.startsWith('...')) {
    c.pos += 3;
    const name = fieldName(c);
    const params = embedParams(c);
    c.expect('(');
    const children = selectForest(c, depth + 1, true);
    c.expect(')');
    return { kind: 'relation', name, spread: true, children, ...params };
  }
  const rel = c.attempt(() => {
    const alias = aliasPrefix(c);
    const name = fieldName(c);
    const params = embedParams(c);
    if (c.peek() !== '(') c.fail(['"("']);
    return { alias, name, params };
  });
  if (rel) {
    c.pos++;
    if (AGGREGATES.has(rel.name) && c.peek() === ')') {
      // `count()` on its own: an aggregate, not an embedded resource.
      c.pos++;
      const item: SelectItem = {
        kind: 'field',
        field: { name: '*', jsonPath: [] },
        aggregate: rel.name as Aggregate,
      };
      if (rel.alias !== undefined) item.alias = rel.alias;
      if (c.startsWith('::')) {
        c.pos += 2;
        item.aggregateCast = castName(c);
      }
      c.ws();
      selectEnd(c, inEmbed);
      return item;
    }
    const children = selectForest(c, depth + 1, true);
    c.ws();
    c.expect(')');
    c.ws();
    const item: SelectItem = { kind: 'relation', name: rel.name, spread: false, children };
    if (rel.alias !== undefined) item.alias = rel.alias;
    if (rel.params.hint !== undefined) item.hint = rel.params.hint;
    if (rel.params.joinType !== undefined) item.joinType = rel.params.joinType;
    return item;
  }
  if (c.peek() === '*') {
    c.pos++;
    c.ws();
    selectEnd(c, inEmbed);
    return { kind: 'field', field: { name: '*', jsonPath: [] } };
  }
  const alias = aliasPrefix(c);
  const f = field(c);
  const item: SelectItem = { kind: 'field', field: f };
  if (alias !== undefined) item.alias = alias;
  if (c.startsWith('::')) {
    c.pos += 2;
    item.cast = castName(c);
  }
  const agg = /^\.(avg|count|max|min|sum)\(\)/.exec(c.s.slice(c.pos));
  if (agg) {
    c.pos += agg[0].length;
    item.aggregate = agg[1] as Aggregate;
    if (c.startsWith('::')) {
      c.pos += 2;
      item.aggregateCast = castName(c);
    }
  }
  c.ws();
  selectEnd(c, inEmbed);
  return item;
}

function listValue(c: Cursor): string[] {
  c.ws();
  c.expect('(');
  c.ws();
  const values: string[] = [];
  for (;;) {
    const quoted = c.attempt(() => {
      const v = quotedValue(c);
      if (!(c.peek() === ',' || c.peek() === ')')) c.fail(['","', '")"']);
      return v;
    });
    if (quoted !== undefined) values.push(quoted);
    else {
      const start = c.pos;
      while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.s.slice(start, c.pos));
    }
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    break;
  }
  c.expect(')');
  c.ws();
  return values;
}

function opExpr(c: Cursor, singleValue: (c: Cursor) => string): OpExpr {
  const negated =
    c.attempt(() => {
      c.expect('not');
      c.expect('.');
      return true;
    }) ?? false;
  return { negated, operation: operation(c, singleValue) };
}

function operation(c: Cursor, singleValue: (c: Cursor) => string): Operation {
  if (c.startsWith('in.')) {
    c.pos += 3;
    return { kind: 'in', values: listValue(c) };
  }
  if (c.startsWith('is.')) {
    c.pos += 3;
    const m = /^(null|not_null|unknown|true|false)/i.exec(c.s.slice(c.pos));
    if (!m) c.fail(['null or trilean value (unknown, true, false)']);
    c.pos += m[0].length;
    return { kind: 'is', value: m[1]!.toLowerCase() as IsValue };
  }
  if (c.startsWith('isdistinct.')) {
    c.pos += 'isdistinct.'.length;
    return { kind: 'isdistinct', value: singleValue(c) };
  }
  const fts = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}0-9_ $]+)\))?\./u.exec(c.s.slice(c.pos));
  if (fts) {
    c.pos += fts[0].length;
    const op: Operation = { kind: 'fts', operator: fts[1] as FtsOperator, value: singleValue(c) };
    if (fts[2] !== undefined) op.language = fts[2].trim();
    return op;
  }
  const quant = /^(\w+)\((any|all)\)\./.exec(c.s.slice(c.pos));
  if (quant && QUANT_OPERATORS.has(quant[1]!)) {
    c.pos += quant[0].length;
    return {
      kind: 'quant',
      operator: quant[1] as QuantOperator,
      quantifier: quant[2] as 'any' | 'all',
      value: singleValue(c),
    };
  }
  const dot = c.s.indexOf('.', c.pos);
  if (dot === -1) c.fail(['operator (eq, gt, ...)']);
  const op = c.s.slice(c.pos, dot);
  if (!SIMPLE_OPERATORS.has(op)) {
    c.pos = dot + 1;
    throw new ParseFail(dot + 1, '', [`unknown single value operator ${op}`]);
  }
  c.pos = dot + 1;
  return { kind: 'op', operator: op as SimpleOperator, value: singleValue(c) };
}

const restOfInput = (c: Cursor): string => {
  const v = c.s.slice(c.pos);
  c.pos = c.s.length;
  return v;
};

function logicSingleValue(c: Cursor): string {
  const quoted = c.attempt(() => {
    const v = quotedValue(c);
    if (!(c.eof || c.peek() === ',' || c.peek() === ')')) c.fail(['","', '")"']);
    return v;
  });
  if (quoted !== undefined) return quoted;
  if (c.peek() === '{') {
    const close = c.s.indexOf('}', c.pos);
    const open = c.s.indexOf('{', c.pos + 1);
    if (close !== -1 && (open === -1 || open > close)) {
      const v = c.s.slice(c.pos, close + 1);
      c.pos = close + 1;
      return v;
    }
  }
  const start = c.pos;
  while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.s.slice(start, c.pos);
}

function logicTree(c: Cursor, depth: number): LogicTree {
  if (depth > MAX_DEPTH) c.fail(['less nesting']);
  const stmt = c.attempt(() => {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    return { kind: 'stmt' as const, filter: { field: f, expr: opExpr(c, logicSingleValue) } };
  });
  if (stmt) return stmt;
  const negated =
    c.attempt(() => {
      c.expect('not');
      c.expect('.');
      return true;
    }) ?? false;
  let operator: 'and' | 'or';
  if (c.startsWith('and')) operator = 'and';
  else if (c.startsWith('or')) operator = 'or';
  else
    c.fail([
      'field name (* or [a..z0..9_$])',
      'negation operator (not)',
      'logic operator (and, or)',
    ]);
  c.pos += operator.length;
  c.ws();
  c.expect('(');
  c.ws();
  const children: LogicTree[] = [];
  for (;;) {
    children.push(logicTree(c, depth + 1));
    c.ws();
    if (c.peek() === ',') {
      c.pos++;
      c.ws();
      continue;
    }
    break;
  }
  c.expect(')');
  c.ws();
  return { kind: 'expr', negated, operator, children };
}

function orderTerms(c: Cursor): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (;;) {
    c.ws();
    const rel = c.attempt(() => {
      const relation = fieldName(c);
      c.expect('(');
      const f = field(c);
      c.expect(')');
      return { relation, field: f };
    });
    const f = rel ? rel.field : field(c);
    let direction: 'asc' | 'desc' | undefined;
    let nulls: 'first' | 'last' | undefined;
    if (c.startsWith('.asc') || c.startsWith('.desc')) {
      direction = c.startsWith('.asc') ? 'asc' : 'desc';
      c.pos += direction.length + 1;
    }
    if (c.startsWith('.nullsfirst') || c.startsWith('.nullslast')) {
      nulls = c.startsWith('.nullsfirst') ? 'first' : 'last';
      c.pos += nulls === 'first' ? '.nullsfirst'.length : '.nullslast'.length;
    }
    c.ws();
    if (!(c.eof || c.peek() === ',')) {
      c.fail(
        c.peek() === '.'
          ? direction
            ? ['"nullsfirst"', '"nullslast"']
            : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"']
          : ['delimiter (.)', '","', 'end of input'],
      );
    }
    const term: OrderTerm = rel
      ? { kind: 'relation', relation: rel.relation, field: f }
      : { kind: 'field', field: f };
    if (direction) term.direction = direction;
    if (nulls) term.nulls = nulls;
    terms.push(term);
    if (c.eof) return terms;
    c.pos++;
  }
}

function columnList(c: Cursor): string[] {
  const cols: string[] = [];
  for (;;) {
    c.ws();
    cols.push(fieldName(c));
    c.ws();
    if (c.eof) return cols;
    c.expect(',');
  }
}

function treePath(c: Cursor): { path: EmbedPath; field: Field } {
  const names = [fieldName(c)];
  while (c.peek() === '.') {
    c.pos++;
    names.push(fieldName(c));
  }
  const jp = jsonPath(c);
  if (!c.eof) c.fail(['delimiter (.)', 'end of input']);
  const name = names.pop()!;
  return { path: names, field: { name, jsonPath: jp } };
}

function run<T>(what: string, input: string, p: (c: Cursor) => T): T {
  const c = new Cursor(input);
  try {
    return p(c);
  } catch (e) {
    if (e instanceof ParseFail) {
      const details = e.unexpected
        ? `unexpected ${e.unexpected} expecting ${e.expecting.join(', ')}`
        : e.expecting.join(', ');
      throw queryParamError(
        `"failed to parse ${what} (${input})" (line 1, column ${e.pos + 1})`,
        details,
      );
    }
    throw e;
  }
}

function untilEnd<T>(p: (c: Cursor) => T): (c: Cursor) => T {
  return (c) => {
    const v = p(c);
    if (!c.eof) c.fail(['end of input']);
    return v;
  };
}

export function parseSelect(input: string): SelectItem[] {
  return run(
    'select parameter',
    input,
    untilEnd((c) => selectForest(c, 0, false)),
  );
}

export function parseFilterValue(input: string): OpExpr {
  return run('filter', input, (c) => opExpr(c, restOfInput));
}

export function parseLogicTree(op: string, input: string): LogicTree {
  // PostgREST prefixes the operator so `or=(…)` reads as `or(…)`; positions count from there.
  return run('logic tree', input, () => {
    const c = new Cursor(op + input);
    return untilEnd((cc) => logicTree(cc, 0))(c);
  });
}

export function parseOrder(input: string): OrderTerm[] {
  return run('order', input, orderTerms);
}

export function parseColumns(what: 'columns' | 'on_conflict', input: string): string[] {
  return run(`${what} parameter`, input, columnList);
}

function parseTreePath(key: string): { path: EmbedPath; field: Field } {
  return run('tree path', key, treePath);
}

function parsePathPrefix(key: string, last: string): { path: EmbedPath; negated: boolean } {
  return run('logic path', key, (c) => {
    const names = [fieldName(c)];
    while (c.peek() === '.') {
      c.pos++;
      names.push(fieldName(c));
    }
    if (!c.eof) c.fail(['delimiter (.)', 'end of input']);
    if (names.at(-1) !== last) c.fail([last]);
    names.pop();
    const negated = names.includes('not');
    return { path: names.filter((n) => n !== 'not'), negated };
  });
}

function isOperatorValue(v: string): boolean {
  const parts = v.split('.');
  const first = parts[0]!;
  if (first === 'not' && parts.length >= 2) return true;
  if (first === 'is' || first === 'in' || first === 'isdistinct') return true;
  if (SIMPLE_OPERATORS.has(first) || FTS_OPERATORS.has(first)) return true;
  const paren = first.indexOf('(');
  if (paren > 0) {
    const base = first.slice(0, paren);
    if (FTS_OPERATORS.has(base) || QUANT_OPERATORS.has(base)) return true;
  }
  return false;
}

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);

function parseLimit(v: string): number | undefined {
  if (/^-\d+$/.test(v.trim())) {
    throw invalidRange('Limit should be greater than or equal to zero.');
  }
  if (!/^\d+$/.test(v.trim())) return undefined;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Parses a whole query string (already split into pairs, in order). */
export function parseQueryParams(pairs: [string, string][]): QueryParams {
  const out: QueryParams = {
    select: [],
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    params: [],
  };
  let select = '*';
  const limits = new Map<string, number | undefined>();
  const offsets = new Map<string, number | undefined>();
  for (const [key, value] of pairs) {
    if (value === '') continue;
    if (key === 'select') {
      select = value;
      continue;
    }
    if (key === 'columns') {
      out.columns = parseColumns('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      out.onConflict = parseColumns('on_conflict', value);
      continue;
    }
    const last = lastSegment(key);
    if (last === 'order') {
      const { path } = parsePathPrefix(key, 'order');
      out.order.push({ path, terms: parseOrder(value) });
      continue;
    }
    if (last === 'limit' || last === 'offset') {
      const { path } = parsePathPrefix(key, last);
      const k = path.join('\0');
      if (last === 'limit') limits.set(k, parseLimit(value));
      else offsets.set(k, parseLimit(value));
      continue;
    }
    if (last === 'and' || last === 'or') {
      const { path, negated } = parsePathPrefix(key, last);
      out.logic.push({ path, tree: parseLogicTree(negated ? `not.${last}` : last, value) });
      continue;
    }
    if (key.includes('.') || isOperatorValue(value)) {
      const { path, field: f } = parseTreePath(key);
      out.filters.push({ path, filter: { field: f, expr: parseFilterValue(value) } });
      continue;
    }
    out.params.push([key, value]);
  }
  out.select = parseSelect(select);
  for (const k of new Set([...limits.keys(), ...offsets.keys()])) {
    const r: Range = { offset: offsets.get(k) ?? 0 };
    const l = limits.get(k);
    if (l !== undefined) r.limit = l;
    out.ranges.set(k, r);
  }
  return out;
}
