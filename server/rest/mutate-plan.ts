// A write to a table or view (PostgREST's MutatePlan): INSERT (with upsert), UPDATE or DELETE of
// the target with its own conditions, the representation read back from pgrst_source.
import { columnNotFound, invalidBody } from './errors.ts';
import type { QueryParams } from './query-params.ts';
import { buildReadTree, rootConditions, rootOrder, type ReadNode } from './read-plan.ts';
import {
  renderConditions,
  renderDelete,
  renderInsert,
  renderOrderBy,
  renderReadQuery,
  renderStatement,
  renderUpdate,
  type BodyShape,
  type Statement,
} from './query-builder.ts';
import type { Column, Relation, SchemaCache } from './schema-cache.ts';
import { qualified, type Params } from './sql.ts';
import {
  bodyShapeFor,
  explain,
  parseBody,
  type Action,
  type Base,
  type PreparedRequest,
  type RestRequest,
} from './api-request.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The columns a write touches: `columns=` when given, else the payload's keys (all alike). */
function payloadColumns(
  relation: Relation,
  qp: QueryParams,
  rows: Record<string, unknown>[],
): Column[] {
  let names: string[];
  if (qp.columns) names = [...new Set(qp.columns)];
  else {
    names = Object.keys(rows[0] ?? {});
    const first = [...names].sort().join('\u0000');
    for (const r of rows) {
      if (Object.keys(r).sort().join('\u0000') !== first)
        throw invalidBody('All object keys must match');
    }
  }
  return names.map((n) => {
    const c = relation.columnMap.get(n);
    if (!c) throw columnNotFound(relation.name, n);
    return c;
  });
}

export function prepareMutation(
  cache: SchemaCache,
  req: RestRequest,
  relation: Relation,
  qp: QueryParams,
  p: Params,
  base: Base,
): PreparedRequest {
  const { schema, prefs, media, headOnly, method, relationName: name } = base;
  const identity = { schema, name };
  const hasPk = relation.pk.length > 0;
  const bare: ReadNode = {
    from: qualified(schema, name),
    alias: name,
    displayName: name,
    relation,
    identity,
    select: [],
    embeds: [],
    where: [],
    order: [],
    range: { offset: 0 },
  };
  const representation = prefs.return === 'representation';
  const tree = buildReadTree(
    cache,
    schema,
    { from: 'pgrst_source', alias: name, displayName: name, relation, identity },
    qp,
    { rootFilters: false, rootOrder: false, rootRange: false },
  );
  const main = representation ? renderReadQuery(tree, p) : 'SELECT 1 FROM pgrst_source';
  const locationColumns =
    method === 'POST' && prefs.return === 'headers-only' && hasPk ? relation.pk : undefined;
  const returning = representation ? 'all' : (locationColumns ?? 'none');
  const body: BodyShape = representation && !headOnly ? bodyShapeFor(media) : { kind: 'none' };

  let source: string;
  let action: Action;
  let upsert = false;
  if (method === 'POST') {
    action = 'insert';
    const { text, json } = parseBody(req, false);
    let rows: Record<string, unknown>[];
    if (json.kind === 'object') rows = [json.value];
    else if (json.kind === 'array' && json.value.every(isPlainObject)) rows = json.value;
    else throw invalidBody('Empty or invalid json');
    const columns = payloadColumns(relation, qp, rows);
    upsert = prefs.resolution !== undefined;
    const conflictCols = qp.onConflict ?? relation.pk;
    const spec: Parameters<typeof renderInsert>[0] = {
      relation,
      alias: name,
      returning,
      columns,
      body: json.kind === 'array' ? text : `[${text}]`,
      applyDefaults: prefs.missing === 'default',
    };
    if (upsert && conflictCols.length > 0) {
      spec.onConflict = {
        columns: conflictCols,
        resolution: prefs.resolution === 'ignore-duplicates' ? 'ignore' : 'merge',
      };
    }
    source = renderInsert(spec, p);
  } else {
    const where = renderConditions(bare, rootConditions(bare, qp), p);
    const q = qp.ranges.get('');
    let limited: Parameters<typeof renderDelete>[0]['limited'];
    if (q && (q.limit !== undefined || q.offset > 0) && !relation.isView) {
      const l = { order: renderOrderBy(bare, rootOrder(bare, qp), p), offset: q.offset, where };
      limited = q.limit !== undefined ? { ...l, limit: q.limit } : l;
    }
    if (method === 'PATCH') {
      action = 'update';
      const { text, json } = parseBody(req, false);
      if (json.kind !== 'object') throw invalidBody('Empty or invalid json');
      const columns = payloadColumns(relation, qp, [json.value]);
      const spec: Parameters<typeof renderUpdate>[0] = {
        relation,
        alias: name,
        returning,
        columns,
        body: text,
        where,
      };
      if (limited) spec.limited = limited;
      source = renderUpdate(spec, p);
    } else {
      action = 'delete';
      const spec: Parameters<typeof renderDelete>[0] = { relation, alias: name, returning, where };
      if (limited) spec.limited = limited;
      source = renderDelete(spec);
    }
  }
  const stmt: Statement = { source, main, body };
  if (locationColumns) stmt.locationColumns = locationColumns;
  if (upsert && prefs.resolution === 'merge-duplicates') stmt.countInserted = true;
  return {
    ...base,
    action,
    sql: explain(media, renderStatement(stmt)),
    params: p.values,
    readOnly: false,
    offset: 0,
    returnsVoid: false,
    upsert,
    singular: media.kind === 'object',
  };
}
