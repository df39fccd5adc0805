// Generates src/lib/database.types.ts (and src/lib/access-catalogue.ts: the seeded permission keys
// and system role names as unions, so a misspelt key fails the build; and src/lib/readiness-codes.ts:
// the reason codes of private.readiness_codes, so a code without a label fails the build) from the schema the migrations build, in the shape
// `supabase gen types typescript` emits (postgres-meta's TypeScript template, whose rules this
// follows: src/server/templates/typescript.ts in supabase/postgres-meta). No Docker, no network:
// the migrations run on an in-memory PGlite and the catalog is read from there.
//
//   npx tsx scripts/gen-types.ts          write the file
//   npx tsx scripts/gen-types.ts --check  exit 1 if the file differs from what the schema gives
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'prettier';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrator.ts';
import type { Queryable } from '../server/db/types.ts';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const TYPES_FILE = path.join(ROOT, 'src/lib/database.types.ts');
export const CATALOGUE_FILE = path.join(ROOT, 'src/lib/access-catalogue.ts');
export const READINESS_CODES_FILE = path.join(ROOT, 'src/lib/readiness-codes.ts');
const SCHEMAS = ['public'];
const DEFAULT_SCHEMA = 'public';
/** What supabase-js types by (postgrest-js checks 13/14 for maxAffected and spread-on-many). */
const POSTGREST_VERSION = '12';

interface Relation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  isUpdatable: boolean;
}

interface Column {
  tableId: number;
  name: string;
  format: string;
  isNullable: boolean;
  hasDefault: boolean;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  isUpdatable: boolean;
}

interface Relationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
  isOneToOne: boolean;
}

interface FnArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: number;
  hasDefault: boolean;
}

interface Fn {
  schema: string;
  name: string;
  args: FnArg[];
  argumentTypes: string;
  returnType: string;
  returnTypeId: number;
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  prorows: number;
}

interface PgType {
  id: number;
  schema: string;
  name: string;
  enums: string[];
  attributes: { name: string; typeId: number }[];
  relationId: number | null;
  /** A standalone composite type (relkind 'c'), not a table's row type. */
  isComposite: boolean;
}

interface Catalog {
  relations: Relation[];
  columns: Column[];
  relationships: Relationship[];
  functions: Fn[];
  types: PgType[];
}

async function rows<R>(db: Queryable, sql: string, params: unknown[] = []): Promise<R[]> {
  return (await db.query<R>(sql, params)).rows;
}

export async function readCatalog(db: Queryable, schemas: string[] = SCHEMAS): Promise<Catalog> {
  const relations = (
    await rows<{ id: number; schema: string; name: string; relkind: string; updatable: boolean }>(
      db,
      `select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind::text as relkind,
              (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
      [schemas],
    )
  ).map<Relation>((r) => ({
    id: r.id,
    schema: r.schema,
    name: r.name,
    kind: ['r', 'p', 'f'].includes(r.relkind) ? 'table' : 'view',
    isUpdatable: r.relkind === 'v' && r.updatable,
  }));

  const columns = (
    await rows<{
      table_id: number;
      name: string;
      format: string;
      is_nullable: boolean;
      has_default: boolean;
      attidentity: string;
      is_updatable: boolean;
    }>(
      db,
      `select c.oid::int8 as table_id, a.attname as name,
              coalesce(bt.typname, t.typname)::text as format,
              not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
              a.atthasdef as has_default, a.attidentity::text as attidentity,
              pg_column_is_updatable(c.oid, a.attnum, false) as is_updatable
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_type t on t.oid = a.atttypid
         left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm')
          and a.attnum > 0 and not a.attisdropped`,
      [schemas],
    )
  ).map<Column>((c) => ({
    tableId: c.table_id,
    name: c.name,
    format: c.format,
    isNullable: c.is_nullable,
    hasDefault: c.has_default,
    isIdentity: c.attidentity === 'a' || c.attidentity === 'd',
    identityGeneration:
      c.attidentity === 'a' ? 'ALWAYS' : c.attidentity === 'd' ? 'BY DEFAULT' : null,
    isUpdatable: c.is_updatable,
  }));

  // PostgREST's (and postgres-meta's) rule: one-to-one when the FK columns are exactly the
  // columns of a primary key or unique constraint of the referencing table.
  const uniques = await rows<{ relid: number; cols: string[] }>(
    db,
    `select con.conrelid::int8 as relid,
            to_jsonb(array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord)
                             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                            order by a.attnum)) as cols
       from pg_constraint con where con.contype in ('p', 'u')`,
  );
  const fks = await rows<{
    name: string;
    relid: number;
    schema: string;
    relation: string;
    cols: string[];
    ref_schema: string;
    ref_relation: string;
    ref_cols: string[];
  }>(
    db,
    `select con.conname as name, con.conrelid::int8 as relid, n1.nspname as schema, tab.relname as relation,
            to_jsonb(array(select a.attname from unnest(con.conkey, con.confkey) with ordinality k(col, ref, ord)
                             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.col
                            order by k.ord)) as cols,
            n2.nspname as ref_schema, other.relname as ref_relation,
            to_jsonb(array(select a.attname from unnest(con.conkey, con.confkey) with ordinality k(col, ref, ord)
                             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.ref
                            order by k.ord)) as ref_cols
       from pg_constraint con
       join pg_class tab on tab.oid = con.conrelid
       join pg_namespace n1 on n1.oid = tab.relnamespace
       join pg_class other on other.oid = con.confrelid
       join pg_namespace n2 on n2.oid = other.relnamespace
      where con.contype = 'f' and con.conparentid = 0 and n1.nspname = any($1)`,
    [schemas],
  );
  const relationships = fks.map<Relationship>((fk) => ({
    foreignKeyName: fk.name,
    schema: fk.schema,
    relation: fk.relation,
    columns: fk.cols,
    referencedSchema: fk.ref_schema,
    referencedRelation: fk.ref_relation,
    referencedColumns: fk.ref_cols,
    isOneToOne: uniques.some(
      (u) => u.relid === fk.relid && JSON.stringify(u.cols) === JSON.stringify(fk.cols),
    ),
  }));

  const modes: Record<string, FnArg['mode']> = {
    i: 'in',
    o: 'out',
    b: 'inout',
    v: 'variadic',
    t: 'table',
  };
  const functions = (
    await rows<{
      schema: string;
      name: string;
      arg_modes: string[];
      arg_names: string[];
      arg_types: number[];
      nargdefaults: number;
      argument_types: string;
      return_type: string;
      return_type_id: number;
      return_type_relation_id: number | null;
      is_set_returning: boolean;
      prorows: number;
    }>(
      db,
      `select n.nspname as schema, p.proname as name,
              to_jsonb(coalesce(p.proargmodes::text[],
                array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))]))) as arg_modes,
              to_jsonb(coalesce(p.proargnames,
                array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))]))) as arg_names,
              to_jsonb(coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[]) as arg_types,
              p.pronargdefaults::int as nargdefaults,
              pg_get_function_arguments(p.oid) as argument_types,
              pg_get_function_result(p.oid) as return_type,
              p.prorettype::int8 as return_type_id,
              nullif(rt.typrelid, 0)::int8 as return_type_relation_id,
              p.proretset as is_set_returning, p.prorows::float8 as prorows
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         left join pg_type rt on rt.oid = p.prorettype
        where p.prokind = 'f' and n.nspname = any($1)`,
      [schemas],
    )
  )
    // Like the Supabase CLI: trigger functions are not callable, so they are not typed.
    .filter((f) => !['trigger', 'event_trigger'].includes(f.return_type))
    .map<Fn>((f) => {
      const inPositions = f.arg_modes
        .map((m, i) => (['i', 'b', 'v'].includes(m) ? i : -1))
        .filter((i) => i >= 0);
      const withDefault = new Set(inPositions.slice(inPositions.length - f.nargdefaults));
      return {
        schema: f.schema,
        name: f.name,
        args: f.arg_modes.map((m, i) => ({
          mode: modes[m]!,
          name: f.arg_names[i] ?? '',
          typeId: Number(f.arg_types[i]),
          hasDefault: f.nargdefaults > 0 && withDefault.has(i),
        })),
        argumentTypes: f.argument_types,
        returnType: f.return_type,
        returnTypeId: f.return_type_id,
        returnTypeRelationId: f.return_type_relation_id,
        isSetReturning: f.is_set_returning,
        prorows: f.prorows,
      };
    });

  const types = (
    await rows<{
      id: number;
      schema: string;
      name: string;
      enums: string[];
      attributes: { name: string; type_id: number }[];
      relation_id: number | null;
      is_composite: boolean;
    }>(
      db,
      `select t.oid::int8 as id, n.nspname as schema, t.typname as name,
              coalesce((select jsonb_agg(e.enumlabel order by e.enumsortorder)
                          from pg_enum e where e.enumtypid = t.oid), '[]') as enums,
              coalesce((select jsonb_agg(jsonb_build_object('name', a.attname, 'type_id', a.atttypid::int8)
                                         order by a.attnum)
                          from pg_class c join pg_attribute a on a.attrelid = c.oid
                         where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0
                           and not a.attisdropped), '[]') as attributes,
              nullif(t.typrelid, 0)::int8 as relation_id,
              coalesce((select c.relkind = 'c' from pg_class c where c.oid = t.typrelid), false)
                as is_composite
         from pg_type t join pg_namespace n on n.oid = t.typnamespace`,
    )
  ).map<PgType>((t) => ({
    id: t.id,
    schema: t.schema,
    name: t.name,
    enums: t.enums,
    attributes: t.attributes.map((a) => ({ name: a.name, typeId: a.type_id })),
    relationId: t.relation_id,
    isComposite: t.is_composite,
  }));

  return { relations, columns, relationships, functions, types };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const q = (s: string) => JSON.stringify(s);

export function render(catalog: Catalog, schemas: string[] = SCHEMAS): string {
  const { relations, relationships, types } = catalog;
  const typesById = new Map(types.map((t) => [t.id, t]));
  const relationsById = new Map(relations.map((r) => [r.id, r]));
  const columnsOf = (id: number) => catalog.columns.filter((c) => c.tableId === id).sort(byName);

  // postgres-meta's pgTypeToTsType.
  const tsType = (schema: string, pgType: string): string => {
    if (pgType === 'bool') return 'boolean';
    if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number';
    if (
      [
        'bytea',
        'bpchar',
        'varchar',
        'date',
        'text',
        'citext',
        'time',
        'timetz',
        'timestamp',
        'timestamptz',
        'uuid',
        'vector',
      ].includes(pgType)
    )
      return 'string';
    if (pgType === 'json' || pgType === 'jsonb') return 'Json';
    if (pgType === 'void') return 'undefined';
    if (pgType === 'record') return 'Record<string, unknown>';
    if (pgType.startsWith('_')) return `(${tsType(schema, pgType.substring(1))})[]`;
    const pick = <T extends { schema: string }>(list: T[]) =>
      list.find((t) => t.schema === schema) ?? list[0];
    const enumType = pick(types.filter((t) => t.name === pgType && t.enums.length > 0));
    if (enumType) {
      return schemas.includes(enumType.schema)
        ? `Database[${q(enumType.schema)}]['Enums'][${q(enumType.name)}]`
        : enumType.enums.map(q).join('|');
    }
    const composite = pick(types.filter((t) => t.name === pgType && t.attributes.length > 0));
    if (composite) {
      return schemas.includes(composite.schema)
        ? `Database[${q(composite.schema)}]['CompositeTypes'][${q(composite.name)}]`
        : 'unknown';
    }
    for (const kind of ['table', 'view'] as const) {
      const rel = pick(relations.filter((r) => r.kind === kind && r.name === pgType));
      if (rel) {
        return schemas.includes(rel.schema)
          ? `Database[${q(rel.schema)}]['${kind === 'table' ? 'Tables' : 'Views'}'][${q(rel.name)}]['Row']`
          : 'unknown';
      }
    }
    return 'unknown';
  };
  const typeName = (schema: string, id: number) => {
    const t = typesById.get(id);
    return t ? tsType(schema, t.name) : 'unknown';
  };
  const nullable = (ts: string, isNullable: boolean) =>
    ts === 'unknown' || !isNullable ? ts : `${ts} | null`;
  const columnDef = (schema: string, c: Column, optional: boolean, isNullable = c.isNullable) =>
    `${q(c.name)}${optional ? '?' : ''}: ${nullable(tsType(schema, c.format), isNullable)}`;

  const relationshipsOf = (r: Relation) =>
    relationships
      .filter(
        (rel) =>
          rel.schema === r.schema && rel.referencedSchema === r.schema && rel.relation === r.name,
      )
      .sort(
        (a, b) =>
          a.foreignKeyName.localeCompare(b.foreignKeyName) ||
          a.referencedRelation.localeCompare(b.referencedRelation) ||
          JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
      )
      .map(
        (rel) => `{
          foreignKeyName: ${q(rel.foreignKeyName)}
          columns: ${JSON.stringify(rel.columns)}
          isOneToOne: ${rel.isOneToOne}
          referencedRelation: ${q(rel.referencedRelation)}
          referencedColumns: ${JSON.stringify(rel.referencedColumns)}
        }`,
      );

  const inArgsOf = (f: Fn) =>
    [...f.args]
      .sort(byName)
      .filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic');

  const fnReturnType = (schema: string, f: Fn): string => {
    const tableArgs = f.args.filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) {
      return `{ ${tableArgs.map((a) => `${q(a.name)}: ${typeName(schema, a.typeId)}`).join('\n')} }`;
    }
    const rel = f.returnTypeRelationId ? relationsById.get(f.returnTypeRelationId) : undefined;
    if (rel && rel.schema === schema) {
      return `{ ${columnsOf(rel.id)
        .map((c) => columnDef(schema, c, false))
        .join(',\n')} }`;
    }
    return typeName(schema, f.returnTypeId);
  };

  const fnSignature = (schema: string, f: Fn): string => {
    const inArgs = inArgsOf(f);
    const args =
      inArgs.length === 0
        ? 'never'
        : `{ ${inArgs
            .map((a) => `${q(a.name)}${a.hasDefault ? '?' : ''}: ${typeName(schema, a.typeId)}`)
            .join('; ')} }`;
    const multipleRows = f.prorows > 1;
    const returnTable = f.returnTypeRelationId
      ? relationsById.get(f.returnTypeRelationId)?.name
      : undefined;
    const setof = returnTable
      ? `SetofOptions: {
          from: "*"
          to: ${q(returnTable)}
          isOneToOne: ${!multipleRows}
          isSetofReturn: ${f.isSetReturning}
        }`
      : '';
    const returns = `${fnReturnType(schema, f)}${f.isSetReturning && multipleRows ? '[]' : ''}`;
    return `{ Args: ${args}; Returns: ${returns}\n${setof} }`;
  };

  // PostgREST calls a function with named arguments, or with a single unnamed json/text one.
  const callable = (f: Fn) => {
    const inArgs = inArgsOf(f);
    return inArgs.length <= 1 || inArgs.every((a) => a.name !== '');
  };

  const renderSchema = (schema: string) => {
    const tables = relations.filter((r) => r.schema === schema && r.kind === 'table').sort(byName);
    const views = relations.filter((r) => r.schema === schema && r.kind === 'view').sort(byName);
    const functions = catalog.functions
      .filter((f) => f.schema === schema && callable(f))
      .sort(byName);
    const enums = types.filter((t) => t.schema === schema && t.enums.length > 0).sort(byName);
    const composites = types
      .filter((t) => t.schema === schema && t.isComposite && t.attributes.length > 0)
      .sort(byName);
    const computed = (r: Relation) =>
      functions
        .filter((f) => f.argumentTypes === r.name)
        .map((f) => `${q(f.name)}: ${nullable(fnReturnType(schema, f), true)}`);
    const never = '[_ in never]: never';

    const tablesTs = tables.length
      ? tables
          .map(
            (t) => `${q(t.name)}: {
              Row: {
${[...columnsOf(t.id).map((c) => columnDef(schema, c, false)), ...computed(t)].join('\n')} }
              Insert: {
${columnsOf(t.id)
  .map((c) =>
    c.identityGeneration === 'ALWAYS'
      ? `${q(c.name)}?: never`
      : columnDef(schema, c, c.isNullable || c.isIdentity || c.hasDefault),
  )
  .join('\n')} }
              Update: {
${columnsOf(t.id)
  .map((c) =>
    c.identityGeneration === 'ALWAYS' ? `${q(c.name)}?: never` : columnDef(schema, c, true),
  )
  .join('\n')} }
              Relationships: [
${relationshipsOf(t).join(',\n')}
]
            }`,
          )
          .join('\n')
      : never;

    const viewsTs = views.length
      ? views
          .map((v) => {
            const writable = (c: Column) =>
              c.isUpdatable ? columnDef(schema, c, true, true) : `${q(c.name)}?: never`;
            const insertUpdate = v.isUpdatable
              ? `Insert: {
${columnsOf(v.id).map(writable).join('\n')} }
                 Update: {
${columnsOf(v.id).map(writable).join('\n')} }`
              : '';
            return `${q(v.name)}: {
              Row: {
${[...columnsOf(v.id).map((c) => columnDef(schema, c, false)), ...computed(v)].join('\n')} }
              ${insertUpdate}
              Relationships: [
${relationshipsOf(v).join(',\n')}
]
            }`;
          })
          .join('\n')
      : never;

    const grouped = new Map<string, Fn[]>();
    for (const f of functions) grouped.set(f.name, [...(grouped.get(f.name) ?? []), f]);
    const functionsTs = grouped.size
      ? [...grouped]
          .map(
            ([name, fns]) =>
              `${q(name)}: ${fns
                .sort(
                  (a, b) =>
                    a.argumentTypes.localeCompare(b.argumentTypes) ||
                    a.returnType.localeCompare(b.returnType),
                )
                .map((f) => fnSignature(schema, f))
                .join(' |\n')}`,
          )
          .join('\n')
      : never;

    const enumsTs = enums.length
      ? enums.map((e) => `${q(e.name)}: ${e.enums.map(q).join('|')}`).join('\n')
      : never;
    const compositesTs = composites.length
      ? composites
          .map(
            (c) =>
              `${q(c.name)}: {
${c.attributes
  .map((a) => `${q(a.name)}: ${nullable(typeName(schema, a.typeId), true)}`)
  .join('\n')} }`,
          )
          .join('\n')
      : never;

    return `${q(schema)}: {
      Tables: {
${tablesTs}
}
      Views: {
${viewsTs}
}
      Functions: {
${functionsTs}
}
      Enums: {
${enumsTs}
}
      CompositeTypes: {
${compositesTs}
}
    }`;
  };

  const sortedSchemas = [...schemas].sort((a, b) => a.localeCompare(b));
  const constants = sortedSchemas
    .map((schema) => {
      const enums = types.filter((t) => t.schema === schema && t.enums.length > 0).sort(byName);
      return `${q(schema)}: {
Enums: {
${enums.map((e) => `${q(e.name)}: [${e.enums.map(q).join(', ')}]`).join(',\n')} } }`;
    })
    .join(',\n');

  return `
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '${POSTGREST_VERSION}'
  }
  ${sortedSchemas.map(renderSchema).join('\n')}
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${q(DEFAULT_SCHEMA)}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  ${constants}
} as const
`;
}

/** The permission catalogue and the system roles the migrations seed (docs/security.md). */
export async function readAccessCatalogue(db: Queryable) {
  const keys = await rows<{ key: string }>(db, 'select key from public.permissions order by key');
  const roles = await rows<{ name: string }>(
    db,
    'select name from public.roles where is_system order by name',
  );
  return { keys: keys.map((k) => k.key), roles: roles.map((r) => r.name) };
}

export function renderAccessCatalogue(c: { keys: string[]; roles: string[] }): string {
  return `// Generated by scripts/gen-types.ts from the catalogue the migrations seed (public.permissions,
// the system rows of public.roles). Never edit by hand: npm run gen:types.

/** Every permission key of the seeded catalogue. */
export const PERMISSION_KEYS = ${JSON.stringify(c.keys)} as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** The system roles the code names (never renamed or deleted); admins may add others. */
export const SYSTEM_ROLES = ${JSON.stringify(c.roles)} as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];
`;
}

/** The reasons a villa may not be guest-ready, in list order (docs/adding-an-area.md "SQL"). */
export async function readReadinessCodes(db: Queryable) {
  return rows<{ code: string; area: string; description: string }>(
    db,
    'select code, area, description from private.readiness_codes order by position',
  );
}

export function renderReadinessCodes(
  codes: { code: string; area: string; description: string }[],
): string {
  return `// Generated by scripts/gen-types.ts from private.readiness_codes (the reason codes the migrations
// register, in the order a villa's reasons are listed). Never edit by hand: npm run gen:types.

/** Every code of property_overview.not_ready_reasons, in list order. */
export const READINESS_REASON_CODES = ${JSON.stringify(codes.map((c) => c.code))} as const;
export type ReadinessReasonCode = (typeof READINESS_REASON_CODES)[number];

/** The area that registers each code, and what it means. */
export const READINESS_REASONS: Record<ReadinessReasonCode, { area: string; description: string }> = {
${codes.map((c) => `${JSON.stringify(c.code)}: { area: ${JSON.stringify(c.area)}, description: ${JSON.stringify(c.description)} },`).join('\n')}
};
`;
}

/** Migrates a fresh in-memory database (no seed) and renders its public schema and catalogues. */
export async function generateAll(): Promise<{
  types: string;
  catalogue: string;
  readinessCodes: string;
}> {
  const db = await openPglite();
  try {
    await migrate(db, path.join(ROOT, 'supabase'), { seed: false });
    const source = render(await readCatalog(db));
    const catalogue = renderAccessCatalogue(await readAccessCatalogue(db));
    const readinessCodes = renderReadinessCodes(await readReadinessCodes(db));
    const repoStyle = { parser: 'typescript', singleQuote: true, printWidth: 100 } as const;
    return {
      // The CLI's formatting (prettier defaults, no semicolons), not the repository's.
      types: await format(source, { parser: 'typescript', semi: false }),
      catalogue: await format(catalogue, repoStyle),
      readinessCodes: await format(readinessCodes, repoStyle),
    };
  } finally {
    await db.close();
  }
}

export async function generateTypes(): Promise<string> {
  return (await generateAll()).types;
}

async function main() {
  const check = process.argv.includes('--check');
  const generated = await generateAll();
  const files = [
    [TYPES_FILE, generated.types],
    [CATALOGUE_FILE, generated.catalogue],
    [READINESS_CODES_FILE, generated.readinessCodes],
  ] as const;
  let stale = false;
  for (const [file, text] of files) {
    const rel = path.relative(process.cwd(), file);
    if (check) {
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current !== text) {
        console.error(`${rel} is out of date with supabase/migrations: run npm run gen:types`);
        stale = true;
      } else console.log(`${rel} is up to date`);
    } else {
      await writeFile(file, text);
      console.log(`wrote ${rel}`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
