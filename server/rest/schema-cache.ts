// The schema cache: tables, views, columns, keys, relationships and functions of the exposed
// schemas, read from the catalog in one query (PostgREST's SchemaCache.hs does the same job).
// Relationships follow PostgREST: many-to-one / one-to-many / one-to-one from each foreign key,
// many-to-many through a junction table whose foreign-key columns are part of its key, and views
// take part through the base-table columns they expose.
import type { Queryable } from '../db/types.ts';
import { RestError } from './errors.ts';
import type { JsonValue } from './errors.ts';

export interface Column {
  name: string;
  /** format_type(): what json_to_recordset column lists and casts need. */
  type: string;
  /** Base type name (domains resolved), e.g. 'tsvector', 'text', '_int4'. */
  baseType: string;
  nullable: boolean;
  /** Default expression, as the catalog prints it (fully qualified). */
  default: string | null;
  generated: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  isView: boolean;
  columns: Column[];
  columnMap: Map<string, Column>;
  pk: string[];
  /** Computed fields: functions of one row of this relation, selectable like columns. */
  computed: Map<string, RelationRef>;
}

export interface RelationRef {
  schema: string;
  name: string;
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Junction {
  table: RelationRef;
  constraint1: string;
  constraint2: string;
  /** [origin column, junction column] */
  sourceColumns: [string, string][];
  /** [target column, junction column] */
  targetColumns: [string, string][];
}

export interface Relationship {
  cardinality: Cardinality;
  table: RelationRef;
  foreignTable: RelationRef;
  foreignIsView: boolean;
  isSelf: boolean;
  /** For m2o/o2m/o2o. */
  constraint: string;
  /** [origin column, foreign column] for m2o/o2m/o2o. */
  columns: [string, string][];
  junction?: Junction;
  /**
   * A computed relationship (PostgREST's): `fn(row_of_table)` returning rows of `foreignTable`;
   * embedded by the function's name, joined by calling it with the parent's row.
   */
  computed?: RelationRef;
}

export const isToOne = (r: Relationship) => r.cardinality === 'm2o' || r.cardinality === 'o2o';

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  volatility: 'immutable' | 'stable' | 'volatile';
  setof: boolean;
  /** void; scalar (base/domain/enum/array); composite (a row type or OUT/TABLE columns). */
  returns: 'void' | 'scalar' | 'composite';
  /** The table or view whose rows it returns, when it returns one (for embedding). */
  returnRelation?: RelationRef;
  returnType: string;
  params: RoutineParam[];
}

const key = (schema: string, name: string) => `${schema}\u0000${name}`;

export class SchemaCache {
  readonly relations = new Map<string, Relation>();
  readonly relationships = new Map<string, Relationship[]>();
  readonly routines = new Map<string, Routine[]>();
  /** Where PostGIS lives, when installed: `Accept: application/geo+json` is served then. */
  postgisSchema?: string;

  constructor(readonly schemas: readonly string[]) {}

  relation(schema: string, name: string): Relation | undefined {
    return this.relations.get(key(schema, name));
  }

  routinesNamed(schema: string, name: string): Routine[] {
    return this.routines.get(key(schema, name)) ?? [];
  }

  relationshipsFrom(schema: string, name: string): Relationship[] {
    return this.relationships.get(key(schema, name)) ?? [];
  }

  /** 404 PGRST205 with PostgREST's fuzzy "Perhaps you meant" hint. */
  tableNotFound(schema: string, name: string): RestError {
    const names = [...this.relations.values()]
      .filter((r) => r.schema === schema)
      .map((r) => r.name);
    const best = bestMatch(names, name, 0.75);
    return new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      best ? `Perhaps you meant the table '${schema}.${best}'` : null,
    );
  }

  /** PostgREST's findRel: the relationship `origin?select=target!hint(*)` names. */
  findRelationship(schema: string, origin: string, target: string, hint?: string): Relationship {
    const all = this.relationships.get(key(schema, origin)) ?? [];
    const single = (r: Relationship) =>
      r.cardinality !== 'm2m' && r.columns.length === 1 ? r.columns[0]! : undefined;
    const matchFKSingleCol = (h: string, r: Relationship) => single(r)?.[0] === h;
    const matchFKRefSingleCol = (h: string, r: Relationship) => single(r)?.[1] === h;
    const matchConstraint = (h: string, r: Relationship) =>
      r.cardinality !== 'm2m' && r.constraint === h;
    const matchJunction = (h: string, r: Relationship) =>
      r.cardinality === 'm2m' && r.junction?.table.name === h;
    const found = all.filter((r) => {
      if (r.computed) return target === r.computed.name;
      if (r.foreignTable.schema !== schema) return false;
      if (r.isSelf) {
        if (hint === undefined) {
          return (
            (target === r.foreignTable.name && r.cardinality === 'o2m') ||
            (matchFKSingleCol(target, r) && r.cardinality === 'm2o')
          );
        }
        // PostgREST's convention: a hint on a self-reference names the referencing column and
        // gives the one-to-many side (`collections!parent_id(*)`: the children).
        return (
          target === r.foreignTable.name && r.cardinality === 'o2m' && matchFKRefSingleCol(hint, r)
        );
      }
      if (hint === undefined) {
        return (
          target === r.foreignTable.name ||
          (matchConstraint(target, r) && !r.foreignIsView) ||
          (matchFKSingleCol(target, r) && !r.foreignIsView)
        );
      }
      return (
        target === r.foreignTable.name &&
        (matchConstraint(hint, r) ||
          matchFKSingleCol(hint, r) ||
          matchFKRefSingleCol(hint, r) ||
          matchJunction(hint, r))
      );
    });
    if (found.length === 1) return found[0]!;
    if (found.length === 0) throw this.noRelBetween(schema, origin, target, hint);
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      found.map(describeRelationship),
      `Try changing '${target}' to one of the following: ${found.map(relHint).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }

  private noRelBetween(schema: string, parent: string, child: string, hint?: string): RestError {
    const parentRels = this.relationships.get(key(schema, parent));
    let suggestion: string | undefined;
    if (parentRels) {
      const children = [...new Set(parentRels.map((r) => r.foreignTable.name))];
      const best = bestMatch(children, child, 0.33);
      if (best && best !== child) suggestion = `Perhaps you meant '${best}' instead of '${child}'.`;
    } else {
      const parents = [...this.relationships.keys()]
        .map((k) => k.split('\u0000'))
        .filter(([s]) => s === schema)
        .map(([, n]) => n!);
      const best = bestMatch(parents, parent, 0.33);
      if (best) suggestion = `Perhaps you meant '${best}' instead of '${parent}'.`;
    }
    return new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
      suggestion ?? null,
    );
  }
}

function fmtCols(cols: string[]) {
  return `(${cols.join(', ')})`;
}

function describeRelationship(r: Relationship): JsonValue {
  const embedding = `${r.table.name} with ${r.foreignTable.name}`;
  if (r.cardinality === 'm2m' && r.junction) {
    const j = r.junction;
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${j.table.name} using ${j.constraint1}${fmtCols(j.sourceColumns.map((c) => c[1]))} and ${j.constraint2}${fmtCols(j.targetColumns.map((c) => c[1]))}`,
    };
  }
  const names = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many' };
  return {
    cardinality: names[r.cardinality],
    embedding,
    relationship: `${r.constraint} using ${r.table.name}${fmtCols(r.columns.map((c) => c[0]))} and ${r.foreignTable.name}${fmtCols(r.columns.map((c) => c[1]))}`,
  };
}

function relHint(r: Relationship): string {
  const h = r.cardinality === 'm2m' ? r.junction!.table.name : r.constraint;
  return `'${r.foreignTable.name}!${h}'`;
}

function levenshtein(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[n]!;
}

function bigrams(s: string): Set<string> {
  const out = new Set<string>();
  const padded = `-${s.toLowerCase()}-`;
  for (let i = 0; i < padded.length - 1; i++) out.add(padded.slice(i, i + 2));
  return out;
}

/**
 * The closest name, PostgREST's way (Data.FuzzySet): candidates share n-grams with the name and
 * are ranked by edit distance, 1 - distance / longest length, at or above a minimum score.
 */
export function bestMatch(candidates: readonly string[], name: string, minScore: number) {
  if (name.length > 200) return undefined;
  const grams = bigrams(name);
  let best: string | undefined;
  let bestScore = -1;
  for (const c of candidates) {
    if (c.length > 200 || ![...bigrams(c)].some((g) => grams.has(g))) continue;
    const score =
      1 - levenshtein(c.toLowerCase(), name.toLowerCase()) / Math.max(c.length, name.length, 1);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return bestScore >= minScore ? best : undefined;
}

// ---------------------------------------------------------------------------------------------
// Loading

interface CatalogColumn extends Column {
  num: number;
}

interface CatalogRelation {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  columns: CatalogColumn[] | null;
}

interface CatalogKey {
  rel: number;
  type: 'p' | 'u';
  cols: string[];
}

interface CatalogFk {
  name: string;
  rel: number;
  frel: number;
  cols: [string, string][];
}

interface CatalogView {
  oid: number;
  action: string;
}

interface CatalogArg {
  name: string;
  type: string;
  mode: string;
  /** The table or view whose row type the argument is (0 for other types). */
  rel: number;
}

interface CatalogRoutine {
  schema: string;
  name: string;
  volatility: string;
  setof: boolean;
  rettype: string;
  rettyptype: string;
  retrel: number;
  args: CatalogArg[] | null;
  ndefaults: number;
  /** The planner's rows estimate (ROWS n): 1 makes a set-returning computed relationship to-one. */
  rows: number;
}

interface Catalog {
  relations: CatalogRelation[] | null;
  keys: CatalogKey[] | null;
  fks: CatalogFk[] | null;
  views: CatalogView[] | null;
  routines: CatalogRoutine[] | null;
  /** The schema PostGIS is installed in, when it is. */
  postgis: string | null;
}

// One statement, one round trip; run with an empty search_path so the catalog prints every
// user type and default fully qualified (they are reused in requests with another search_path).
const CATALOG_SQL = `
with rels as (
  select c.oid, n.nspname, c.relname, c.relkind
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
),
cols as (
  select a.attrelid, json_agg(json_build_object(
      'name', a.attname,
      'num', a.attnum,
      'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'baseType', coalesce(bt.typname, t.typname),
      'nullable', not a.attnotnull,
      'default', case
        when a.attgenerated <> '' then null
        when a.attidentity = 'd' then pg_catalog.format('nextval(%L::regclass)',
          pg_catalog.pg_get_serial_sequence(pg_catalog.format('%I.%I', r.nspname, r.relname), a.attname))
        else pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
      'generated', a.attgenerated <> '' or a.attidentity = 'a'
    ) order by a.attnum) as columns
  from pg_catalog.pg_attribute a
  join rels r on r.oid = a.attrelid
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped
  group by a.attrelid
)
select json_build_object(
  'relations', (select json_agg(json_build_object(
      'oid', r.oid::int8, 'schema', r.nspname, 'name', r.relname, 'kind', r.relkind, 'columns', c.columns))
    from rels r left join cols c on c.attrelid = r.oid),
  'keys', (select json_agg(json_build_object('rel', con.conrelid::int8, 'type', con.contype,
      'cols', (select json_agg(a.attname order by k.ord)
               from unnest(con.conkey) with ordinality k(attnum, ord)
               join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum)))
    from pg_catalog.pg_constraint con
    where con.contype in ('p', 'u') and con.conrelid in (select oid from rels)),
  'fks', (select json_agg(json_build_object('name', con.conname, 'rel', con.conrelid::int8,
      'frel', con.confrelid::int8,
      'cols', (select json_agg(json_build_array(a.attname, fa.attname) order by k.ord)
               from unnest(con.conkey, con.confkey) with ordinality k(a1, a2, ord)
               join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.a1
               join pg_catalog.pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = k.a2)))
    from pg_catalog.pg_constraint con
    where con.contype = 'f' and con.conrelid in (select oid from rels)
      and con.confrelid in (select oid from rels)),
  'views', (select json_agg(json_build_object('oid', rw.ev_class::int8, 'action', rw.ev_action::text))
    from pg_catalog.pg_rewrite rw
    where rw.rulename = '_RETURN' and rw.ev_class in (select oid from rels where relkind in ('v', 'm'))),
  'postgis', (select n.nspname from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'postgis'),
  'routines', (select json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname, 'volatility', p.provolatile, 'setof', p.proretset,
      'rettype', pg_catalog.format_type(p.prorettype, null), 'rettyptype', rt.typtype,
      'retrel', rt.typrelid::int8, 'ndefaults', p.pronargdefaults, 'rows', p.prorows,
      'args', (select json_agg(json_build_object(
                  'name', coalesce(p.proargnames[i], ''),
                  'type', pg_catalog.format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), null),
                  'mode', coalesce(p.proargmodes[i], 'i'),
                  'rel', (select t.typrelid::int8 from pg_catalog.pg_type t
                          where t.oid = coalesce(p.proallargtypes[i], p.proargtypes[i - 1]))) order by i)
               from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i)))
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type rt on rt.oid = p.prorettype
    where n.nspname = any($1::text[]) and p.prokind = 'f'
      and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler',
                             'index_am_handler', 'tsm_handler', 'table_am_handler'))
)::text as catalog`;

export async function loadSchemaCache(
  tx: Queryable,
  schemas: readonly string[],
): Promise<SchemaCache> {
  await tx.query(`select pg_catalog.set_config('search_path', '', true)`);
  const { rows } = await tx.query<{ catalog: string }>(CATALOG_SQL, [toPgArray(schemas)]);
  const catalog = JSON.parse(rows[0]!.catalog) as Catalog;
  return buildSchemaCache(schemas, catalog);
}

function toPgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

function buildSchemaCache(schemas: readonly string[], catalog: Catalog): SchemaCache {
  const cache = new SchemaCache(schemas);
  if (catalog.postgis) cache.postgisSchema = catalog.postgis;
  const byOid = new Map<number, Relation>();
  const attnames = new Map<number, Map<number, string>>();
  for (const r of catalog.relations ?? []) {
    attnames.set(r.oid, new Map((r.columns ?? []).map((c) => [c.num, c.name])));
    const columns = (r.columns ?? []).map(({ num: _num, ...c }) => c);
    const rel: Relation = {
      oid: r.oid,
      schema: r.schema,
      name: r.name,
      isView: r.kind === 'v' || r.kind === 'm',
      columns,
      columnMap: new Map(columns.map((c) => [c.name, c])),
      pk: [],
      computed: new Map(),
    };
    byOid.set(r.oid, rel);
    cache.relations.set(key(r.schema, r.name), rel);
  }
  const uniques = new Map<number, string[][]>();
  for (const k of catalog.keys ?? []) {
    const rel = byOid.get(k.rel);
    if (!rel) continue;
    if (k.type === 'p') rel.pk = k.cols;
    const list = uniques.get(k.rel) ?? [];
    list.push(k.cols);
    uniques.set(k.rel, list);
  }

  // view oid → view column → [base table oid, base column]
  const viewColumns = new Map<number, Map<string, [number, string]>>();
  for (const v of catalog.views ?? []) {
    viewColumns.set(v.oid, viewTargetOrigins(v.action, attnames));
  }
  const resolveOrigin = (oid: number, col: string, depth = 0): [number, string] | undefined => {
    const rel = byOid.get(oid);
    if (!rel) return undefined;
    if (!rel.isView) return [oid, col];
    if (depth > 16) return undefined;
    const o = viewColumns.get(oid)?.get(col);
    return o ? resolveOrigin(o[0], o[1], depth + 1) : undefined;
  };
  // base table oid → the views over it with, per base column, the view's column name
  const aliases = new Map<number, { rel: Relation; cols: Map<string, string> }[]>();
  for (const [viewOid, cols] of viewColumns) {
    const view = byOid.get(viewOid)!;
    const perBase = new Map<number, Map<string, string>>();
    for (const [viewCol] of cols) {
      const origin = resolveOrigin(viewOid, viewCol);
      if (!origin) continue;
      const m = perBase.get(origin[0]) ?? new Map<string, string>();
      if (!m.has(origin[1])) m.set(origin[1], viewCol);
      perBase.set(origin[0], m);
    }
    for (const [baseOid, m] of perBase) {
      const list = aliases.get(baseOid) ?? [];
      list.push({ rel: view, cols: m });
      aliases.set(baseOid, list);
    }
  }
  /** The table itself and every view that exposes all of `cols`, with the columns renamed. */
  const exposures = (oid: number, cols: string[]) => {
    const out: { rel: Relation; cols: string[] }[] = [];
    const base = byOid.get(oid);
    if (base) out.push({ rel: base, cols });
    for (const a of aliases.get(oid) ?? []) {
      const mapped = cols.map((c) => a.cols.get(c));
      if (mapped.every((c): c is string => c !== undefined)) out.push({ rel: a.rel, cols: mapped });
    }
    return out;
  };
  const isUnique = (oid: number, cols: string[]) =>
    (uniques.get(oid) ?? []).some(
      (u) => u.length === cols.length && u.every((c) => cols.includes(c)),
    );
  const ref = (r: Relation): RelationRef => ({ schema: r.schema, name: r.name });
  const add = (r: Relationship) => {
    const k = key(r.table.schema, r.table.name);
    const list = cache.relationships.get(k) ?? [];
    list.push(r);
    cache.relationships.set(k, list);
  };

  const fks = catalog.fks ?? [];
  for (const fk of fks) {
    const srcCols = fk.cols.map((c) => c[0]);
    const dstCols = fk.cols.map((c) => c[1]);
    const oneToOne = isUnique(fk.rel, srcCols);
    for (const s of exposures(fk.rel, srcCols)) {
      for (const t of exposures(fk.frel, dstCols)) {
        const isSelf = s.rel === t.rel;
        const pairs = s.cols.map((c, i): [string, string] => [c, t.cols[i]!]);
        add({
          cardinality: oneToOne ? 'o2o' : 'm2o',
          table: ref(s.rel),
          foreignTable: ref(t.rel),
          foreignIsView: t.rel.isView,
          isSelf,
          constraint: fk.name,
          columns: pairs,
        });
        add({
          cardinality: oneToOne ? 'o2o' : 'o2m',
          table: ref(t.rel),
          foreignTable: ref(s.rel),
          foreignIsView: s.rel.isView,
          isSelf,
          constraint: fk.name,
          columns: pairs.map(([a, b]): [string, string] => [b, a]),
        });
      }
    }
  }

  // Many-to-many through junction tables.
  const fksByRel = new Map<number, CatalogFk[]>();
  for (const fk of fks) {
    const list = fksByRel.get(fk.rel) ?? [];
    list.push(fk);
    fksByRel.set(fk.rel, list);
  }
  for (const [jOid, jFks] of fksByRel) {
    const junction = byOid.get(jOid);
    if (!junction || junction.isView || jFks.length < 2) continue;
    const keys = uniques.get(jOid) ?? [];
    for (const fk1 of jFks) {
      for (const fk2 of jFks) {
        if (fk1 === fk2) continue;
        const jcols = [...fk1.cols.map((c) => c[0]), ...fk2.cols.map((c) => c[0])];
        if (!keys.some((k) => jcols.every((c) => k.includes(c)))) continue;
        for (const s of exposures(
          fk1.frel,
          fk1.cols.map((c) => c[1]),
        )) {
          for (const t of exposures(
            fk2.frel,
            fk2.cols.map((c) => c[1]),
          )) {
            add({
              cardinality: 'm2m',
              table: ref(s.rel),
              foreignTable: ref(t.rel),
              foreignIsView: t.rel.isView,
              isSelf: s.rel === t.rel,
              constraint: '',
              columns: [],
              junction: {
                table: ref(junction),
                constraint1: fk1.name,
                constraint2: fk2.name,
                sourceColumns: s.cols.map((c, i): [string, string] => [c, fk1.cols[i]![0]]),
                targetColumns: t.cols.map((c, i): [string, string] => [c, fk2.cols[i]![0]]),
              },
            });
          }
        }
      }
    }
  }

  for (const r of catalog.routines ?? []) {
    const args = r.args ?? [];
    const inputs = args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outputs = args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const firstDefault = inputs.length - r.ndefaults;
    const params: RoutineParam[] = inputs.map((a, i) => ({
      name: a.name,
      type: a.type,
      hasDefault: i >= firstDefault,
      variadic: a.mode === 'v',
    }));
    let returns: Routine['returns'];
    let returnRelation: RelationRef | undefined;
    if (r.rettype === 'void') returns = 'void';
    else if (r.rettyptype === 'c') {
      returns = 'composite';
      const rel = byOid.get(r.retrel);
      if (rel) returnRelation = ref(rel);
    } else if (r.rettype === 'record' && outputs.length > 0) returns = 'composite';
    else if (outputs.length > 1) returns = 'composite';
    else returns = 'scalar';
    const routine: Routine = {
      schema: r.schema,
      name: r.name,
      volatility: r.volatility === 'i' ? 'immutable' : r.volatility === 's' ? 'stable' : 'volatile',
      setof: r.setof,
      returns,
      returnType: r.rettype,
      params,
    };
    if (returnRelation) routine.returnRelation = returnRelation;
    // PostgREST's computed fields: f(row_of_table) returning a single value or row.
    const rowOf = inputs.length === 1 ? byOid.get(inputs[0]!.rel) : undefined;
    if (rowOf && !r.setof && returns !== 'void' && !rowOf.columnMap.has(r.name)) {
      rowOf.computed.set(r.name, { schema: r.schema, name: r.name });
    }
    // PostgREST's computed relationships: f(row_of_table) returning rows of a table or view.
    const target = returnRelation ? byOid.get(r.retrel) : undefined;
    if (rowOf && target && returns === 'composite') {
      const rels = cache.relationships.get(key(rowOf.schema, rowOf.name)) ?? [];
      rels.push({
        cardinality: r.setof && Number(r.rows) !== 1 ? 'o2m' : 'm2o',
        table: ref(rowOf),
        foreignTable: ref(target),
        foreignIsView: target.isView,
        isSelf: false,
        constraint: r.name,
        columns: [],
        computed: { schema: r.schema, name: r.name },
      });
      cache.relationships.set(key(rowOf.schema, rowOf.name), rels);
    }
    const k = key(r.schema, r.name);
    const list = cache.routines.get(k) ?? [];
    list.push(routine);
    cache.routines.set(k, list);
  }
  return cache;
}

/**
 * The source of each output column of a view, read from its rewrite rule's query tree
 * (`pg_rewrite.ev_action`): the top-level target list's `resorigtbl` / `resorigcol`.
 */
function viewTargetOrigins(
  action: string,
  attnames: Map<number, Map<number, string>>,
): Map<string, [number, string]> {
  const out = new Map<string, [number, string]>();
  const tl = topLevelField(action, ':targetList');
  if (tl === undefined) return out;
  for (const entry of nodesAtTopOfList(tl)) {
    if (!entry.startsWith('{TARGETENTRY')) continue;
    const flat = stripNested(entry);
    const name = /:resname (\S+)/.exec(flat)?.[1];
    const tbl = Number(/:resorigtbl (\d+)/.exec(flat)?.[1] ?? 0);
    const col = Number(/:resorigcol (\d+)/.exec(flat)?.[1] ?? 0);
    const junk = /:resjunk true/.test(flat);
    if (!name || junk || !tbl || !col) continue;
    // resorigcol is an attnum of a relation in the exposed schemas (others are not embeddable).
    const colName = attnames.get(tbl)?.get(col);
    if (colName) out.set(unescapeNodeString(name), [tbl, colName]);
  }
  return out;
}

function unescapeNodeString(s: string): string {
  return s === '<>' ? '' : s.replace(/\\(.)/g, '$1');
}

/** The text of `field` (e.g. `:targetList`) in the outermost node of a node-tree string. */
function topLevelField(s: string, field: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    else if (depth === 2 && s.startsWith(field + ' ', i)) {
      const start = i + field.length + 1;
      if (s[start] !== '(') return undefined;
      let d = 0;
      for (let j = start; j < s.length; j++) {
        const c = s[j];
        if (c === '\\') {
          j++;
          continue;
        }
        if (c === '{' || c === '(') d++;
        else if (c === '}' || c === ')') {
          d--;
          if (d === 0) return s.slice(start + 1, j);
        }
      }
      return undefined;
    }
  }
  return undefined;
}

function nodesAtTopOfList(list: string): string[] {
  const nodes: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0 && start !== -1) nodes.push(list.slice(start, i + 1));
    }
  }
  return nodes;
}

/** A node's own fields, with the text of nested nodes and lists removed. */
function stripNested(node: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < node.length; i++) {
    const ch = node[i]!;
    if (ch === '\\') {
      if (depth <= 1) out += ch + (node[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') depth++;
    if (depth <= 1) out += ch;
    if (ch === '}' || ch === ')') depth--;
  }
  return out;
}
