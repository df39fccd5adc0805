// Read plans and mutations to SQL, in the shapes PostgREST generates (Query/QueryBuilder.hs and
// SqlFragment.hs): embedded resources as LATERAL joins aggregated with json_agg / row_to_json,
// `!inner` as INNER JOIN LATERAL, counts with EXISTS for inner embeds, and the whole response
// body built by Postgres as JSON text. Identifiers are quoted; every value is a $n parameter
// whose type Postgres infers from the column it meets (PostgREST's "unknown" literals).
import type { Field } from './query-params.ts';
import type {
  EmbedNode,
  PlanFilter,
  PlanLogic,
  PlanOrder,
  ReadNode,
  SelectField,
} from './read-plan.ts';
import { isToOne, type Column, type Relation, type Routine } from './schema-cache.ts';
import { arrayLiteral, ident, qualified, type Params } from './sql.ts';

const OPERATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** A column (or computed field, when `relation` has one of that name) with its JSON path. */
function fieldExpr(alias: string, f: Field, p: Params, relation?: Relation): string {
  if (f.name === '*') return `${ident(alias)}.*`;
  const computed = relation?.computed.get(f.name);
  // The cast makes a CTE's row (a write's representation) the table's row type again.
  let e = computed
    ? `${qualified(computed.schema, computed.name)}(${ident(alias)}::${qualified(relation!.schema, relation!.name)})`
    : `${ident(alias)}.${ident(f.name)}`;
  for (const op of f.jsonPath) e += `${op.arrow}${p.add(op.key)}${op.index ? '::int' : ''}`;
  return e;
}

/** The key a selected field gets in the JSON: its alias, the last JSON key, or the column. */
function outputName(s: SelectField): string {
  if (s.alias !== undefined) return s.alias;
  if (s.aggregate !== undefined) return s.aggregate;
  for (let i = s.field.jsonPath.length - 1; i >= 0; i--) {
    const op = s.field.jsonPath[i]!;
    if (!op.index) return op.key;
  }
  return s.field.name;
}

const AGGREGATE_SQL = { avg: 'avg', count: 'count', max: 'max', min: 'min', sum: 'sum' } as const;

function selectItem(alias: string, s: SelectField, p: Params, relation?: Relation): string {
  if (s.aggregate !== undefined) {
    let arg = s.field.name === '*' ? '*' : fieldExpr(alias, s.field, p, relation);
    if (s.cast !== undefined && arg !== '*') arg = `CAST(${arg} AS ${s.cast})`;
    let e = `pg_catalog.${AGGREGATE_SQL[s.aggregate]}(${arg})`;
    if (s.aggregateCast !== undefined) e = `CAST(${e} AS ${s.aggregateCast})`;
    return `${e} AS ${ident(outputName(s))}`;
  }
  if (s.field.name === '*') return `${ident(alias)}.*`;
  let e = fieldExpr(alias, s.field, p, relation);
  if (s.cast !== undefined) e = `CAST(${e} AS ${s.cast})`;
  const computed = relation?.computed.has(s.field.name) ?? false;
  const needsAs =
    computed || s.alias !== undefined || s.cast !== undefined || s.field.jsonPath.length > 0;
  return needsAs ? `${e} AS ${ident(outputName(s))}` : e;
}

function columnOf(node: ReadNode, name: string): Column | undefined {
  return node.relation?.columnMap.get(name);
}

function renderFilter(node: ReadNode, f: PlanFilter, p: Params, count: boolean): string {
  if (f.kind === 'null-embed') {
    if (count) return `${f.isNull ? 'NOT ' : ''}${existsEmbed(f.embed, node, p)}`;
    const agg = ident(f.embed.aggAlias);
    const test = isToOne(f.embed.relationship) ? `row_to_json(${agg}.*)` : `${agg}.${agg}`;
    return `${test} IS ${f.isNull ? '' : 'NOT '}NULL`;
  }
  const op = f.expr.operation;
  let lhs = fieldExpr(node.alias, f.field, p, node.relation);
  let sql: string;
  switch (op.kind) {
    case 'op': {
      const value =
        op.operator === 'like' || op.operator === 'ilike'
          ? op.value.replaceAll('*', '%')
          : op.value;
      sql = `${lhs} ${OPERATORS[op.operator]} ${p.add(value)}`;
      break;
    }
    case 'quant': {
      const value =
        op.operator === 'like' || op.operator === 'ilike'
          ? op.value.replaceAll('*', '%')
          : op.value;
      sql = `${lhs} ${OPERATORS[op.operator]} ${op.quantifier === 'any' ? 'ANY' : 'ALL'}(${p.add(value)})`;
      break;
    }
    case 'in':
      sql =
        op.values.length === 1 && op.values[0] === ''
          ? `${lhs} = ANY('{}')`
          : `${lhs} = ANY(${p.add(arrayLiteral(op.values))})`;
      break;
    case 'is': {
      const kw = {
        null: 'NULL',
        not_null: 'NOT NULL',
        true: 'TRUE',
        false: 'FALSE',
        unknown: 'UNKNOWN',
      };
      sql = `${lhs} IS ${kw[op.value]}`;
      break;
    }
    case 'isdistinct':
      sql = `${lhs} IS DISTINCT FROM ${p.add(op.value)}`;
      break;
    case 'fts': {
      const lang = op.language !== undefined ? `${p.add(op.language)}::regconfig, ` : '';
      // PostgREST applies to_tsvector to columns that are not tsvector already.
      const col = f.field.jsonPath.length === 0 ? columnOf(node, f.field.name) : undefined;
      if (f.field.jsonPath.length > 0 || (col && col.baseType !== 'tsvector')) {
        lhs = `to_tsvector(${lang}${lhs})`;
      }
      sql = `${lhs} @@ ${FTS_FUNCTIONS[op.operator]}(${lang}${p.add(op.value)})`;
      break;
    }
  }
  return f.expr.negated ? `NOT ${sql}` : sql;
}

function renderLogic(node: ReadNode, l: PlanLogic, p: Params, count: boolean): string {
  if (l.kind === 'stmt') return renderFilter(node, l.filter, p, count);
  const inner = l.children.map((c) => renderLogic(node, c, p, count));
  const joined = `(${inner.join(l.operator === 'and' ? ' AND ' : ' OR ')})`;
  return l.negated ? `NOT ${joined}` : joined;
}

function renderOrder(node: ReadNode, order: PlanOrder[], p: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    const e =
      o.kind === 'field'
        ? fieldExpr(node.alias, o.field, p, node.relation)
        : fieldExpr(o.embed.aggAlias, o.field, p);
    return `${e}${o.direction ? ` ${o.direction.toUpperCase()}` : ''}${o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : ''}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function renderRange(offset: number, limit: number | undefined): string {
  return `${limit !== undefined ? ` LIMIT ${limit}` : ''}${offset > 0 ? ` OFFSET ${offset}` : ''}`;
}

/** The join of an embedded node to its parent (and through the junction for many-to-many). */
function joinConditions(e: EmbedNode, parentAlias: string): string[] {
  const r = e.relationship;
  if (r.cardinality === 'm2m' && r.junction && e.junctionAlias) {
    const j = ident(e.junctionAlias);
    return [
      ...r.junction.sourceColumns.map(
        ([pc, jc]) => `${j}.${ident(jc)} = ${ident(parentAlias)}.${ident(pc)}`,
      ),
      ...r.junction.targetColumns.map(
        ([tc, jc]) => `${ident(e.alias)}.${ident(tc)} = ${j}.${ident(jc)}`,
      ),
    ];
  }
  return r.columns.map(
    ([pc, fc]) => `${ident(e.alias)}.${ident(fc)} = ${ident(parentAlias)}.${ident(pc)}`,
  );
}

function fromClause(node: ReadNode): string {
  const e = node as Partial<EmbedNode>;
  const junction =
    e.junctionFrom && e.junctionAlias ? `, ${e.junctionFrom} AS ${ident(e.junctionAlias)}` : '';
  return `${node.from} AS ${ident(node.alias)}${junction}`;
}

/** SELECT … for a node and, through LATERAL joins, everything embedded under it. */
export function renderReadQuery(
  node: ReadNode,
  p: Params,
  opts: { parentAlias?: string; limit?: number } = {},
): string {
  // With aggregates, every other output column is grouped on (by position, PostgREST's groupF);
  // embedded JSON becomes jsonb there, as json has no equality to group by.
  const aggregated = node.select.some((s) => s.aggregate !== undefined);
  const cols = node.select.map((s) => selectItem(node.alias, s, p, node.relation));
  const groupBy: number[] = [];
  node.select.forEach((s, i) => {
    if (aggregated && s.aggregate === undefined) groupBy.push(i + 1);
  });
  const asJson = (e: string) => (aggregated ? `(${e})::jsonb` : e);
  const joins: string[] = [];
  for (const e of node.embeds) {
    const sub = renderReadQuery(e, p, { parentAlias: node.alias, limit: e.range.limit });
    const agg = ident(e.aggAlias);
    const kind = e.inner ? 'INNER' : 'LEFT';
    let col: string | undefined;
    if (e.spread && !isToOne(e.relationship)) {
      // A to-many spread: each of its columns becomes an array of the related rows' values.
      const names = e.hasOutput ? spreadNames(e) : [];
      const arrays = names.map((n) => `json_agg(${agg}.${ident(n)}) AS ${ident(n)}`);
      joins.push(
        `${kind} JOIN LATERAL (SELECT ${['pg_catalog.count(*) AS pgrst_rows', ...arrays].join(', ')} FROM (${sub}) AS ${agg}) AS ${agg} ON ${e.inner ? `${agg}.pgrst_rows > 0` : 'TRUE'}`,
      );
      for (const n of names) {
        cols.push(`${asJson(`COALESCE(${agg}.${ident(n)}, '[]')`)} AS ${ident(n)}`);
        if (aggregated) groupBy.push(cols.length);
      }
      continue;
    }
    if (isToOne(e.relationship)) {
      joins.push(`${kind} JOIN LATERAL (${sub}) AS ${agg} ON TRUE`);
      if (e.hasOutput && e.spread && aggregated) {
        // Grouped beside an aggregate: the spread columns one by one, each grouped on.
        for (const n of spreadNames(e)) {
          cols.push(`${agg}.${ident(n)}`);
          groupBy.push(cols.length);
        }
      } else if (e.hasOutput) {
        col = e.spread
          ? `${agg}.*`
          : `${asJson(`row_to_json(${agg}.*)`)} AS ${ident(e.outputName)}`;
      }
    } else {
      joins.push(
        `${kind} JOIN LATERAL (SELECT json_agg(${agg}) AS ${agg} FROM (${sub}) AS ${agg}) AS ${agg} ON ${e.inner ? `${agg}.${agg} IS NOT NULL` : 'TRUE'}`,
      );
      if (e.hasOutput) col = `${asJson(`COALESCE(${agg}.${agg}, '[]')`)} AS ${ident(e.outputName)}`;
    }
    if (col !== undefined) {
      cols.push(col);
      if (aggregated && !e.spread) groupBy.push(cols.length);
    }
  }
  const where = [
    ...(opts.parentAlias !== undefined ? joinConditions(node as EmbedNode, opts.parentAlias) : []),
    ...node.where.map((l) => renderLogic(node, l, p, false)),
  ];
  return (
    `SELECT ${cols.join(', ')} FROM ${fromClause(node)}` +
    (joins.length ? ` ${joins.join(' ')}` : '') +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    (groupBy.length ? ` GROUP BY ${groupBy.join(', ')}` : '') +
    renderOrder(node, node.order, p) +
    renderRange(node.range.offset, opts.limit)
  );
}

/** The keys a spread embed puts into its parent's object (PostgREST's SpreadSelectField). */
function spreadNames(e: ReadNode): string[] {
  const out: string[] = [];
  for (const s of e.select) {
    if (s.field.name === '*' && s.aggregate === undefined)
      out.push(...(e.relation?.columns.map((c) => c.name) ?? []));
    else out.push(outputName(s));
  }
  for (const c of e.embeds) {
    if (!c.hasOutput) continue;
    if (c.spread) out.push(...spreadNames(c));
    else out.push(c.outputName);
  }
  return out;
}

function existsEmbed(e: EmbedNode, parent: ReadNode, p: Params): string {
  return `EXISTS (${renderCountQuery(e, p, parent.alias)})`;
}

/**
 * `SELECT 1 …` with the node's filters, for counting: inner embeds become EXISTS, the others
 * (and all the JSON building) are left out, as PostgREST's readPlanToCountQuery does.
 */
export function renderCountQuery(node: ReadNode, p: Params, parentAlias?: string): string {
  const where = [
    ...(parentAlias !== undefined ? joinConditions(node as EmbedNode, parentAlias) : []),
    ...node.where.map((l) => renderLogic(node, l, p, true)),
    ...node.embeds.filter((e) => e.inner).map((e) => existsEmbed(e, node, p)),
  ];
  return `SELECT 1 FROM ${fromClause(node)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

export function renderConditions(node: ReadNode, conds: PlanLogic[], p: Params): string[] {
  return conds.map((l) => renderLogic(node, l, p, false));
}

export function renderOrderBy(node: ReadNode, order: PlanOrder[], p: Params): string {
  return renderOrder(node, order, p);
}

// ---------------------------------------------------------------------------------------------
// Mutations and calls: each is the body of the `pgrst_source` CTE and returns the affected rows.

/**
 * What a write returns: every column for a representation; only some (Location) or a constant
 * otherwise, because RETURNING columns makes Postgres check SELECT privileges and policies
 * (PostgREST's `RETURNING 1` lets a role insert rows it may not read).
 */
export type Returning = 'all' | 'none' | string[];

function returning(alias: string, r: Returning): string {
  if (r === 'all') return `RETURNING ${ident(alias)}.*`;
  if (r === 'none' || r.length === 0) return 'RETURNING 1';
  return `RETURNING ${r.map((c) => `${ident(alias)}.${ident(c)}`).join(', ')}`;
}

export interface InsertSpec {
  relation: Relation;
  alias: string;
  returning: Returning;
  columns: Column[];
  /** The rows, as a JSON array. */
  body: string;
  applyDefaults: boolean;
  onConflict?: { columns: string[]; resolution: 'merge' | 'ignore' };
}

export function renderInsert(s: InsertSpec, p: Params): string {
  const table = `${qualified(s.relation.schema, s.relation.name)} AS ${ident(s.alias)}`;
  const bodyParam = p.add(s.body);
  let sql: string;
  if (s.columns.length === 0) {
    sql = `INSERT INTO ${table} SELECT FROM json_array_elements(${bodyParam}::json)`;
  } else {
    const names = s.columns.map((c) => ident(c.name)).join(', ');
    const typed = s.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
    let source: string;
    if (s.applyDefaults) {
      const defaults = s.columns
        .filter((c) => c.default !== null)
        .map((c) => `${p.add(c.name)}::text, ${c.default}`)
        .join(', ');
      source =
        `jsonb_to_recordset((SELECT jsonb_agg(jsonb_build_object(${defaults}) || pgrst_elem) ` +
        `FROM jsonb_array_elements(${bodyParam}::jsonb) AS pgrst_elem)) AS pgrst_body(${typed})`;
    } else {
      source = `json_to_recordset(${bodyParam}::json) AS pgrst_body(${typed})`;
    }
    sql = `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${source}`;
  }
  if (s.onConflict && s.onConflict.columns.length > 0) {
    const target = s.onConflict.columns.map(ident).join(', ');
    if (s.onConflict.resolution === 'ignore' || s.columns.length === 0) {
      sql += ` ON CONFLICT (${target}) DO NOTHING`;
    } else {
      const sets = s.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ');
      // Counts the rows merged into existing ones, so the answer can tell whether any row was
      // new (PostgREST answers 200 instead of 201 when none was).
      sql +=
        ` ON CONFLICT (${target}) DO UPDATE SET ${sets} WHERE pg_catalog.set_config('pgrst.updated', ` +
        `(coalesce(nullif(pg_catalog.current_setting('pgrst.updated', true), '')::int, 0) + 1)::text, true) IS NOT NULL`;
    }
  }
  return `${sql} ${returning(s.alias, s.returning)}`;
}

export interface UpdateSpec {
  relation: Relation;
  alias: string;
  returning: Returning;
  columns: Column[];
  /** One object, as JSON. */
  body: string;
  where: string[];
  /** ORDER BY … LIMIT … choosing the affected rows (tables only, through ctid). */
  limited?: { order: string; limit?: number; offset: number; where: string[] };
}

function limitedRows(s: {
  relation: Relation;
  alias: string;
  limited?: UpdateSpec['limited'];
}): string {
  const l = s.limited!;
  return (
    `${ident(s.alias)}.ctid = ANY(ARRAY(SELECT ${ident(s.alias)}.ctid FROM ${qualified(s.relation.schema, s.relation.name)} AS ${ident(s.alias)}` +
    `${l.where.length ? ` WHERE ${l.where.join(' AND ')}` : ''}${l.order}${renderRange(l.offset, l.limit)}))`
  );
}

export function renderUpdate(s: UpdateSpec, p: Params): string {
  const table = `${qualified(s.relation.schema, s.relation.name)} AS ${ident(s.alias)}`;
  const where = s.limited ? [limitedRows(s)] : s.where;
  if (s.columns.length === 0) {
    // Nothing to set: no row is touched, the representation is empty. The conditions stay so
    // their parameters are still part of the statement.
    const cols = s.returning === 'all' ? `${ident(s.alias)}.*` : '1';
    return `SELECT ${cols} FROM ${table} WHERE false${where.map((w) => ` AND ${w}`).join('')}`;
  }
  const typed = s.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const sets = s.columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ');
  return (
    `UPDATE ${table} SET ${sets} FROM (SELECT * FROM json_to_record(${p.add(s.body)}::json) AS pgrst_body(${typed})) AS pgrst_body` +
    `${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ${returning(s.alias, s.returning)}`
  );
}

export interface DeleteSpec {
  relation: Relation;
  alias: string;
  returning: Returning;
  where: string[];
  limited?: UpdateSpec['limited'];
}

export function renderDelete(s: DeleteSpec): string {
  const where = s.limited ? [limitedRows(s)] : s.where;
  return (
    `DELETE FROM ${qualified(s.relation.schema, s.relation.name)} AS ${ident(s.alias)}` +
    `${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ${returning(s.alias, s.returning)}`
  );
}

export interface CallSpec {
  routine: Routine;
  /** Named arguments as a JSON object, or one positional JSON value (single json/jsonb parameter). */
  args: { kind: 'named'; names: string[]; body: string } | { kind: 'single'; body: string };
}

export function renderCall(s: CallSpec, p: Params): string {
  const r = s.routine;
  const fn = qualified(r.schema, r.name);
  const scalar = r.returns !== 'composite';
  const callAlias = scalar ? 'pgrst_call(pgrst_scalar)' : 'pgrst_call';
  if (s.args.kind === 'single') {
    const type = r.params[0]?.type ?? 'json';
    // The value travels as text and is converted by the type's input function (a bytea-typed
    // parameter would be taken for binary by a driver).
    const arg =
      type === 'bytea' ? `${p.add(s.args.body)}::text::bytea` : `${p.add(s.args.body)}::${type}`;
    return `SELECT pgrst_call.* FROM ${fn}(${arg}) AS ${callAlias}`;
  }
  if (s.args.names.length === 0) return `SELECT pgrst_call.* FROM ${fn}() AS ${callAlias}`;
  const params = s.args.names.map((n) => r.params.find((x) => x.name === n)!);
  const typed = params.map((x) => `${ident(x.name)} ${x.type}`).join(', ');
  const named = params
    .map((x) => `${x.variadic ? 'VARIADIC ' : ''}${ident(x.name)} := pgrst_args.${ident(x.name)}`)
    .join(', ');
  return (
    `SELECT pgrst_call.* FROM json_to_record(${p.add(s.args.body)}::json) AS pgrst_args(${typed}), ` +
    `LATERAL ${fn}(${named}) AS ${callAlias}`
  );
}

// ---------------------------------------------------------------------------------------------
// The statement a request runs: one row with the count, the page size and the body.

export type BodyShape =
  | { kind: 'array'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'scalar' }
  | { kind: 'setof-scalar' }
  | { kind: 'csv' }
  | { kind: 'geojson'; stAsGeoJson: string }
  | { kind: 'none' };

function bodyExpr(shape: BodyShape): string {
  const strip = (e: string, on: boolean) => (on ? `json_strip_nulls(${e})` : e);
  switch (shape.kind) {
    case 'array':
      return `coalesce(${strip('json_agg(_postgrest_t)', shape.stripNulls)}, '[]')::text`;
    case 'object':
      return `coalesce(${strip('json_agg(_postgrest_t)->0', shape.stripNulls)}, 'null')::text`;
    case 'scalar':
      return `coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null')::text`;
    case 'setof-scalar':
      return `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text`;
    case 'csv':
      // PostgREST's asCsvF: a header from the first row's keys, then each row's record text.
      return (
        `(SELECT coalesce(string_agg(_postgrest_k.k, ','), '') FROM (SELECT json_object_keys(row_to_json(_postgrest_h)) AS k ` +
        `FROM (SELECT * FROM _postgrest_rows LIMIT 1) AS _postgrest_h) AS _postgrest_k) || ` +
        `coalesce(E'\\n' || string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`
      );
    case 'geojson':
      // PostgREST's asGeoJsonF: a FeatureCollection of the rows, each through ST_AsGeoJSON.
      return (
        `json_build_object('type', 'FeatureCollection', 'features', ` +
        `coalesce(json_agg(${shape.stAsGeoJson}(_postgrest_t)::json), '[]'))::text`
      );
    case 'none':
      return `''`;
  }
}

// The overrides as the answer reads them, also kept in settings of their own for the guard that
// holds back a COMMIT sent with the statement (rest/index.ts, NO_OVERRIDES): AFTER triggers fire
// once this row is built and may clear response.* again, so the guard must see what was read.
const GUCS =
  `nullif(set_config('pgrst.read_response_headers', coalesce(current_setting('response.headers', true), ''), true), '') AS response_headers, ` +
  `nullif(set_config('pgrst.read_response_status', coalesce(current_setting('response.status', true), ''), true), '') AS response_status`;

export interface Statement {
  /** The CTE `pgrst_source`: a mutation or a function call. */
  source?: string;
  /** The rows of the response (SELECT … FROM the table or pgrst_source). */
  main: string;
  /** SELECT 1 … rows to count, when a count was asked for. */
  count?: string;
  body: BodyShape;
  /** Columns of the first affected row to report (Location header). */
  locationColumns?: string[];
  /** An upsert that merges: report how many rows were new. */
  countInserted?: boolean;
}

export function renderStatement(s: Statement): string {
  const total = s.count
    ? `(SELECT pg_catalog.count(*) FROM (${s.count}) AS _postgrest_c)`
    : s.source
      ? `(SELECT pg_catalog.count(*) FROM pgrst_source)`
      : 'NULL::bigint';
  const location = s.locationColumns
    ? `, (SELECT row_to_json(_postgrest_l)::text FROM (SELECT ${s.locationColumns.map((c) => `pgrst_source.${ident(c)}`).join(', ')} FROM pgrst_source LIMIT 1) AS _postgrest_l) AS location`
    : '';
  // The CTE runs when first read (the subquery), then the merge counter is complete.
  const inserted = s.countInserted
    ? `, (SELECT pg_catalog.count(*) FROM pgrst_source) - coalesce(nullif(pg_catalog.current_setting('pgrst.updated', true), '')::int, 0) AS inserted`
    : '';
  const ctes = [
    ...(s.source ? [`pgrst_source AS (${s.source})`] : []),
    ...(s.body.kind === 'csv' ? [`_postgrest_rows AS (${s.main})`] : []),
  ];
  const from = s.body.kind === 'csv' ? '_postgrest_rows' : `(${s.main})`;
  return (
    (ctes.length ? `WITH ${ctes.join(', ')} ` : '') +
    `SELECT ${total} AS total, pg_catalog.count(*) AS page_total, ${bodyExpr(s.body)} AS body, ${GUCS}${location}${inserted} ` +
    `FROM ${from} AS _postgrest_t`
  );
}
