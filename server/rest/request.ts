// One REST request → one SQL statement: route, schema profile, preferences, media type, query
// string and body are read and checked against the schema cache, then the statement is built.
// Nothing here touches the database, so the same SQL can be shown (benchmark) or run (handler).
import {
  RestError,
  mediaTypeError,
  columnNotFound,
  invalidBody,
  invalidRange,
  invalidRpcMethod,
  unacceptableSchema,
  unsupportedMethod,
} from './errors.ts';
import { negotiateMedia, parsePrefer, type Media, type Preferences } from './preferences.ts';
import { parseQueryParams, type QueryParams, type Range } from './query-params.ts';
import { buildReadTree, rootConditions, rootOrder, type ReadNode } from './read-plan.ts';
import {
  renderCall,
  renderConditions,
  renderCountQuery,
  renderDelete,
  renderInsert,
  renderOrderBy,
  renderReadQuery,
  renderStatement,
  renderUpdate,
  type BodyShape,
  type Statement,
} from './query-builder.ts';
import {
  bestMatch,
  type Column,
  type Relation,
  type Routine,
  type SchemaCache,
} from './schema-cache.ts';
import { Params, ident, qualified } from './sql.ts';

export interface RestRequest {
  method: string;
  /** Path below /rest/v1, e.g. `/todos` or `/rpc/add_them`. */
  path: string;
  /** The raw query string, without the leading `?`. */
  query: string;
  header(name: string): string | undefined;
  body?: string;
}

export interface RestSettings {
  schemas: readonly string[];
  extraSearchPath: readonly string[];
  maxRows?: number;
  /**
   * `Accept: application/vnd.pgrst.plan` (postgrest-js' explain()). PostgREST ships it off
   * (db-plan-enabled); here it is on for local development only, as plans show schema details.
   */
  planEnabled?: boolean;
}

export type Action = 'read' | 'insert' | 'update' | 'delete' | 'call';

export interface PreparedRequest {
  action: Action;
  method: string;
  sql: string;
  params: (string | null)[];
  schema: string;
  searchPath: string[];
  /** What Postgres sees as request.path (PostgREST's: `/table`, `/rpc/fn`). */
  requestPath: string;
  media: Media;
  prefs: Preferences;
  /** GET on a volatile function: runs in a read-only transaction, as PostgREST does. */
  readOnly: boolean;
  headOnly: boolean;
  offset: number;
  countRequested: boolean;
  returnsVoid: boolean;
  upsert: boolean;
  relationName: string;
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, or 406 and a rollback. */
  singular: boolean;
  /** Several schemas are exposed: the answer says which one it used. */
  profileHeader?: string;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `a=1&b=2` → ordered pairs, `+` as space (as PostgREST's parseQueryReplacePlus). */
export function queryPairs(query: string): [string, string][] {
  return [...new URLSearchParams(query)];
}

function chooseSchema(
  req: RestRequest,
  settings: RestSettings,
): { schema: string; negotiated: boolean } {
  const header = READ_METHODS.has(req.method)
    ? req.header('accept-profile')
    : req.header('content-profile');
  const def = settings.schemas[0] ?? 'public';
  if (header === undefined) return { schema: def, negotiated: false };
  const schema = header.trim();
  if (!settings.schemas.includes(schema)) throw unacceptableSchema(schema, settings.schemas);
  return { schema, negotiated: true };
}

function headerRange(req: RestRequest): Range | undefined {
  if (!READ_METHODS.has(req.method)) return undefined;
  const h = req.header('range');
  if (!h) return undefined;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(h);
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper) {
    throw invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: lower, limit: upper - lower + 1 };
}

/** The root range: the query's limit/offset within the Range header, capped by max_rows. */
function rootRange(qp: QueryParams, header: Range | undefined, maxRows: number | undefined): Range {
  const q = qp.ranges.get('') ?? { offset: 0 };
  let offset = q.offset;
  let limit = q.limit;
  if (header) {
    const hEnd = header.limit !== undefined ? header.offset + header.limit : Infinity;
    const qEnd = limit !== undefined ? offset + limit : Infinity;
    offset = Math.max(offset, header.offset);
    const end = Math.min(hEnd, qEnd);
    limit = end === Infinity ? undefined : Math.max(0, end - offset);
  }
  if (maxRows !== undefined && maxRows > 0)
    limit = limit === undefined ? maxRows : Math.min(limit, maxRows);
  const r: Range = { offset };
  if (limit !== undefined) r.limit = limit;
  return r;
}

type JsonBody =
  | { kind: 'object'; value: Record<string, unknown> }
  | { kind: 'array'; value: unknown[] }
  | { kind: 'other'; value: unknown };

/** Postgres parses JSON recursively; nesting beyond this is refused before it gets there. */
const MAX_JSON_DEPTH = 256;

function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return max;
}

function parseBody(req: RestRequest, allowEmpty: boolean): { text: string; json: JsonBody } {
  const contentType = (req.header('content-type') ?? 'application/json').toLowerCase();
  const raw = req.body ?? '';
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const obj: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(raw)) obj[k] = v;
    return { text: JSON.stringify(obj), json: { kind: 'object', value: obj } };
  }
  if (!contentType.includes('json') && !contentType.startsWith('*/*')) {
    throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${contentType}`);
  }
  if (raw.trim() === '') {
    if (allowEmpty) return { text: '{}', json: { kind: 'object', value: {} } };
    throw invalidBody('Empty or invalid json');
  }
  let value: unknown;
  try {
    if (jsonDepth(raw) > MAX_JSON_DEPTH) throw new Error('too deep');
    value = JSON.parse(raw);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (Array.isArray(value)) return { text: raw, json: { kind: 'array', value } };
  if (value !== null && typeof value === 'object') {
    return { text: raw, json: { kind: 'object', value: value as Record<string, unknown> } };
  }
  return { text: raw, json: { kind: 'other', value } };
}

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

function bodyShapeFor(media: Media): BodyShape {
  if (media.kind === 'object') return { kind: 'object', stripNulls: media.stripNulls };
  if (media.kind === 'json') return { kind: 'array', stripNulls: media.stripNulls };
  if (media.kind === 'csv') return { kind: 'csv' };
  return { kind: 'array', stripNulls: false };
}

function explain(media: Media, sql: string): string {
  if (media.kind !== 'plan') return sql;
  const opts = [
    `FORMAT ${media.format.toUpperCase()}`,
    ...media.options.map((o) => o.toUpperCase()),
  ];
  return `EXPLAIN (${opts.join(', ')}) ${sql}`;
}

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
  const media = negotiateMedia(req.header('accept'));
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
  const identity = { schema, name };
  const hasPk = relation.pk.length > 0;

  if (READ_METHODS.has(method)) {
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
    if (countRequested) stmt.count = renderCountQuery(tree, p);
    return {
      ...base,
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

  // Writes: the target's own conditions, and the representation read back from pgrst_source.
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

type Base = Pick<
  PreparedRequest,
  | 'method'
  | 'schema'
  | 'searchPath'
  | 'requestPath'
  | 'media'
  | 'prefs'
  | 'headOnly'
  | 'countRequested'
  | 'relationName'
  | 'profileHeader'
>;

function noRpc(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  overloads: Routine[],
): RestError {
  const func = `${schema}.${name}`;
  const sorted = [...keys].sort();
  const prms = sorted.join(', ');
  const fmt = (p: string) => (sorted.length === 0 ? ' without parameters' : p);
  let hint: string | null = null;
  if (overloads.length === 0) {
    const names = [...cache.routines.keys()]
      .map((k) => k.split('\u0000'))
      .filter(([s]) => s === schema)
      .map(([, n]) => n!);
    const best = bestMatch(names, name, 0.75);
    if (best && best !== name) hint = `Perhaps you meant to call the function ${schema}.${best}`;
  } else {
    const lists = overloads.map(
      (o) =>
        `(${o.params
          .map((x) => x.name)
          .sort()
          .join(', ')})`,
    );
    const best = bestMatch(lists, `(${prms})`, 0.33);
    if (best) hint = `Perhaps you meant to call the function ${schema}.${name}${best}`;
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${fmt(`(${prms})`)} in the schema cache`,
    `Searched for the function ${func}${fmt(` with parameter${sorted.length > 1 ? 's' : ''} ${prms}`)}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** PostgREST's findProc: the overload whose parameters match the argument names. */
function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  singleObject: boolean,
  rawBody: boolean,
): { routine: Routine; positional: boolean } {
  const all = cache.routinesNamed(schema, name);
  const keySet = new Set(keys);
  const matching: Routine[] = [];
  const single: Routine[] = [];
  for (const r of all) {
    const first = r.params[0]?.type;
    const isJsonParam = r.params.length === 1 && (first === 'json' || first === 'jsonb');
    let matches: boolean;
    if (singleObject) matches = isJsonParam;
    else if (rawBody) matches = false;
    else if (r.params.length === 0) matches = keys.length === 0;
    else {
      const names = new Set(r.params.map((x) => x.name));
      matches =
        keys.every((k) => names.has(k)) &&
        r.params.filter((x) => !x.hasDefault).every((x) => keySet.has(x.name));
    }
    if (matches) matching.push(r);
    else if (isPost && isJsonParam) single.push(r);
  }
  if (matching.length === 1) return { routine: matching[0]!, positional: singleObject };
  const ambiguous = matching.length > 1 ? matching : single.length > 1 ? single : undefined;
  if (ambiguous) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${ambiguous
        .map(
          (r) =>
            `${r.schema}.${r.name}(${r.params.map((x) => `${x.name} => ${x.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  // A single json/jsonb parameter takes the whole body when the names do not match.
  if (single.length === 1) return { routine: single[0]!, positional: true };
  throw noRpc(cache, schema, name, keys, isPost, all);
}

function prepareCall(
  cache: SchemaCache,
  settings: RestSettings,
  req: RestRequest,
  method: string,
  name: string,
  qp: QueryParams,
  p: Params,
  base: Base,
): PreparedRequest {
  const { schema, prefs, media, headOnly, countRequested } = base;
  const isPost = method === 'POST';
  let argsText: string;
  let keys: string[];
  let bodyKind: 'object' | 'other' = 'object';
  if (isPost) {
    const { text, json } = parseBody(req, true);
    argsText = text;
    if (json.kind === 'object') keys = Object.keys(json.value);
    else {
      keys = [];
      bodyKind = 'other';
    }
  } else {
    const args: Record<string, string | string[]> = {};
    for (const [k, v] of qp.params) {
      // The gateway consumes the key (Kong's key-auth hides it from the upstream).
      if (k === 'apikey') continue;
      const prev = args[k];
      args[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    argsText = JSON.stringify(args);
    keys = Object.keys(args);
  }
  const singleObject = prefs.params === 'single-object';
  const { routine, positional } = findRoutine(
    cache,
    schema,
    name,
    keys,
    isPost,
    singleObject,
    bodyKind === 'other',
  );
  if (bodyKind === 'other' && !positional) throw invalidBody('Empty or invalid json');
  const source = renderCall(
    {
      routine,
      args: positional
        ? { kind: 'single', body: argsText }
        : { kind: 'named', names: keys, body: argsText },
    },
    p,
  );

  const relation = routine.returnRelation
    ? cache.relation(routine.returnRelation.schema, routine.returnRelation.name)
    : undefined;
  const range = rootRange(qp, headerRange(req), settings.maxRows);
  let stmt: Statement;
  if (routine.returns === 'composite') {
    const root = {
      from: 'pgrst_source',
      alias: name,
      displayName: name,
      ...(relation ? { relation } : {}),
      ...(routine.returnRelation ? { identity: routine.returnRelation } : {}),
    };
    const tree = buildReadTree(cache, schema, root, qp, {
      rootFilters: true,
      rootOrder: true,
      rootRange: false,
    });
    tree.range = routine.setof ? range : { offset: 0 };
    const shape: BodyShape = headOnly
      ? { kind: 'none' }
      : routine.setof
        ? bodyShapeFor(media)
        : {
            kind: 'object',
            stripNulls: media.kind !== 'csv' && media.kind !== 'plan' && media.stripNulls,
          };
    stmt = { source, main: renderReadQuery(tree, p, { limit: tree.range.limit }), body: shape };
    if (countRequested && routine.setof) stmt.count = renderCountQuery(tree, p);
  } else {
    const alias = ident(name);
    const limits = routine.setof
      ? `${range.limit !== undefined ? ` LIMIT ${range.limit}` : ''}${range.offset > 0 ? ` OFFSET ${range.offset}` : ''}`
      : '';
    stmt = {
      source,
      main: `SELECT ${alias}.pgrst_scalar FROM pgrst_source AS ${alias}${limits}`,
      body:
        headOnly || routine.returns === 'void'
          ? { kind: 'none' }
          : routine.setof
            ? { kind: 'setof-scalar' }
            : { kind: 'scalar' },
    };
    if (countRequested && routine.setof) stmt.count = 'SELECT 1 FROM pgrst_source';
  }
  return {
    ...base,
    action: 'call',
    sql: explain(media, renderStatement(stmt)),
    params: p.values,
    readOnly: !isPost && routine.volatility === 'volatile',
    offset: routine.setof ? range.offset : 0,
    returnsVoid: routine.returns === 'void',
    upsert: false,
    singular: media.kind === 'object' && routine.setof && routine.returns === 'composite',
  };
}
