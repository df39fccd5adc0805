// One REST request → one SQL statement: route, schema profile, preferences, media type, query
// string and body are read and checked against the schema cache, then the statement is built by
// the plan for the action (as PostgREST's Plan modules): a read here (tree in read-plan.ts), a
// write in mutate-plan.ts, a function call in call-plan.ts. Nothing here touches the database,
// so the same SQL can be shown (benchmark) or run (handler).
import { RestError, mediaTypeError, invalidRpcMethod, unsupportedMethod } from './errors.ts';
import { negotiateMedia, parsePrefer } from './preferences.ts';
import { parseQueryParams, type QueryParams } from './query-params.ts';
import { buildReadTree } from './read-plan.ts';
import {
  renderCountQuery,
  renderReadQuery,
  renderStatement,
  type Statement,
} from './query-builder.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';
import { Params, qualified } from './sql.ts';
import {
  READ_METHODS,
  bodyShapeFor,
  chooseSchema,
  decodeSegment,
  explain,
  headerRange,
  queryPairs,
  rootRange,
  type Base,
  type PreparedRequest,
  type RestRequest,
  type RestSettings,
} from './api-request.ts';
import { prepareMutation } from './mutate-plan.ts';
import { prepareCall } from './call-plan.ts';

export type { Action, PreparedRequest, RestRequest, RestSettings } from './api-request.ts';
export { queryPairs } from './api-request.ts';

export function prepareRequest(
  cache: SchemaCache,
  settings: RestSettings,
  req: RestRequest,
): PreparedRequest {
  const method = req.method.toUpperCase();
  const segments = req.path.split('/').filter((s) => s !== '');
  const isRpc = segments.length === 2 && segments[0] === 'rpc';
  if (!(segments.length === 1 || isRpc)) {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
  if (isRpc && !['GET', 'HEAD', 'POST'].includes(method)) throw invalidRpcMethod(method);
  if (!isRpc && !['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method))
    throw unsupportedMethod(method);

  const { schema, negotiated } = chooseSchema(req, settings);
  const prefs = parsePrefer(req.header('prefer'));
  let media = negotiateMedia(req.header('accept'));
  if (media.kind === 'geojson') {
    // As PostgREST: the GeoJSON handler exists only where PostGIS is installed.
    if (!cache.postgisSchema) throw mediaTypeError([req.header('accept') ?? '']);
    media = { kind: 'geojson', stAsGeoJson: qualified(cache.postgisSchema, 'st_asgeojson') };
  }
  if (media.kind === 'plan' && !settings.planEnabled)
    throw mediaTypeError([req.header('accept') ?? '']);
  const qp = parseQueryParams(queryPairs(req.query));
  const searchPath = [schema, ...settings.extraSearchPath.filter((s) => s !== schema)];
  const countRequested = prefs.count !== undefined;
  const headOnly = method === 'HEAD';
  const p = new Params();
  const name = decodeSegment(isRpc ? segments[1]! : segments[0]!);
  const base = {
    method,
    schema,
    searchPath,
    requestPath: isRpc ? `/rpc/${name}` : `/${name}`,
    media,
    prefs,
    headOnly,
    countRequested,
    relationName: name,
    ...(negotiated && settings.schemas.length > 1 ? { profileHeader: schema } : {}),
  };

  if (isRpc) return prepareCall(cache, settings, req, method, name, qp, p, base);

  const relation = cache.relation(schema, name);
  if (!relation) throw cache.tableNotFound(schema, name);
  if (!READ_METHODS.has(method)) return prepareMutation(cache, req, relation, qp, p, base);
  return prepareRead(cache, settings, req, relation, qp, p, base);
}

/** GET / HEAD on a table or view: the read tree (read-plan.ts), its range, count and body. */
function prepareRead(
  cache: SchemaCache,
  settings: RestSettings,
  req: RestRequest,
  relation: Relation,
  qp: QueryParams,
  p: Params,
  base: Base,
): PreparedRequest {
  const { schema, relationName: name, headOnly, media, countRequested } = base;
  const identity = { schema, name };
  const tree = buildReadTree(
    cache,
    schema,
    { from: qualified(schema, name), alias: name, displayName: name, relation, identity },
    qp,
    { rootFilters: true, rootOrder: true, rootRange: false },
  );
  const range = rootRange(qp, headerRange(req), settings.maxRows);
  tree.range = range;
  const stmt: Statement = {
    main: renderReadQuery(tree, p, { limit: range.limit }),
    body: headOnly ? { kind: 'none' } : bodyShapeFor(media),
  };
  const mode = base.prefs.count;
  // A planned count does not count: the statement reports no total, the plan gives it.
  if (countRequested && mode !== 'planned') stmt.count = renderCountQuery(tree, p);
  let plannedCount: PreparedRequest['plannedCount'];
  if (mode === 'planned' || mode === 'estimated') {
    const cp = new Params();
    plannedCount = {
      sql: `EXPLAIN (FORMAT JSON) ${renderCountQuery(tree, cp)}`,
      params: cp.values,
      mode,
    };
    if (settings.maxRows !== undefined) plannedCount.maxRows = settings.maxRows;
  }
  return {
    ...base,
    ...(plannedCount ? { plannedCount } : {}),
    action: 'read',
    sql: explain(media, renderStatement(stmt)),
    params: p.values,
    readOnly: false,
    offset: range.offset,
    returnsVoid: false,
    upsert: false,
    singular: media.kind === 'object',
  };
}
