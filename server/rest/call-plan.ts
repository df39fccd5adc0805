// A call of a database function under /rpc (PostgREST's CallPlan): the overload chosen by the
// argument names (or a single json/jsonb parameter), its arguments from the body or the query
// string, and the read of its result (a relation's rows, a scalar, a set or void).
import { RestError, invalidBody } from './errors.ts';
import type { QueryParams } from './query-params.ts';
import { buildReadTree } from './read-plan.ts';
import {
  renderCall,
  renderCountQuery,
  renderReadQuery,
  renderStatement,
  type BodyShape,
  type Statement,
} from './query-builder.ts';
import { bestMatch, type Routine, type SchemaCache } from './schema-cache.ts';
import { ident, type Params } from './sql.ts';
import {
  bodyShapeFor,
  explain,
  headerRange,
  parseBody,
  rootRange,
  type Base,
  type PreparedRequest,
  type RestRequest,
  type RestSettings,
} from './api-request.ts';

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

/** Content-Types PostgREST passes raw to a function's single unnamed parameter. */
const RAW_BODY_TYPES: Record<string, string | undefined> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

const mediaTypeOf = (h: string | undefined) => (h ?? '').split(';')[0]!.trim().toLowerCase();

export function prepareCall(
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
  const rawType = isPost ? RAW_BODY_TYPES[mediaTypeOf(req.header('content-type'))] : undefined;
  let raw: { routine: Routine; body: string } | undefined;
  if (rawType) {
    // A raw body (text, xml, binary) goes to the function's single unnamed parameter of that type.
    const routine = cache
      .routinesNamed(schema, name)
      .find(
        (r) => r.params.length === 1 && r.params[0]!.name === '' && r.params[0]!.type === rawType,
      );
    if (!routine) throw noRpc(cache, schema, name, [], isPost, cache.routinesNamed(schema, name));
    const body =
      rawType === 'bytea'
        ? `\\x${Buffer.from(req.bodyBytes ?? new Uint8Array()).toString('hex')}`
        : (req.body ?? '');
    raw = { routine, body };
    argsText = body;
    keys = [];
  } else if (isPost) {
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
  const found = raw
    ? { routine: raw.routine, positional: true }
    : findRoutine(cache, schema, name, keys, isPost, singleObject, bodyKind === 'other');
  const { routine } = found;
  let { positional } = found;
  if (bodyKind === 'other' && !positional) throw invalidBody('Empty or invalid json');
  if (!positional && keys.length === 1 && keys[0] === '' && routine.params[0]?.name === '') {
    // `{"": value}`: the value is the one unnamed argument (its text for text, xml and bytea).
    const value = (JSON.parse(argsText) as Record<string, unknown>)[''];
    const type = routine.params[0].type;
    argsText =
      typeof value === 'string' && type !== 'json' && type !== 'jsonb'
        ? value
        : JSON.stringify(value ?? null);
    positional = true;
  }
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
            stripNulls: (media.kind === 'json' || media.kind === 'object') && media.stripNulls,
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
