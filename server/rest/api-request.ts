// What every plan reads from a REST request before it is planned (PostgREST's ApiRequest): the
// request and settings types, the chosen schema, the Range header and root range, the body, the
// response body shape and EXPLAIN wrapping. The plans themselves are read-plan.ts (with the read
// statement in request.ts), mutate-plan.ts and call-plan.ts.
import { RestError, invalidBody, invalidRange, unacceptableSchema } from './errors.ts';
import type { Media, Preferences } from './preferences.ts';
import type { QueryParams, Range } from './query-params.ts';
import type { BodyShape } from './query-builder.ts';

export interface RestRequest {
  method: string;
  /** Path below /rest/v1, e.g. `/todos` or `/rpc/add_them`. */
  path: string;
  /** The raw query string, without the leading `?`. */
  query: string;
  header(name: string): string | undefined;
  body?: string;
  /** The body's bytes, for `Content-Type: application/octet-stream` (a bytea argument). */
  bodyBytes?: Uint8Array;
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
  /**
   * `Prefer: count=planned|estimated`: the planner's row estimate for the count query (its own
   * parameters), read in the same transaction. `estimated` keeps the exact count up to max_rows.
   */
  plannedCount?: {
    sql: string;
    params: (string | null)[];
    mode: 'planned' | 'estimated';
    maxRows?: number;
  };
}

/** What every plan shares: the route, schema, preferences and media of one request. */
export type Base = Pick<
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

export const READ_METHODS = new Set(['GET', 'HEAD']);

export function decodeSegment(s: string): string {
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

export function chooseSchema(
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

export function headerRange(req: RestRequest): Range | undefined {
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
export function rootRange(
  qp: QueryParams,
  header: Range | undefined,
  maxRows: number | undefined,
): Range {
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

export type JsonBody =
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

export function parseBody(req: RestRequest, allowEmpty: boolean): { text: string; json: JsonBody } {
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

export function bodyShapeFor(media: Media): BodyShape {
  if (media.kind === 'object') return { kind: 'object', stripNulls: media.stripNulls };
  if (media.kind === 'json') return { kind: 'array', stripNulls: media.stripNulls };
  if (media.kind === 'csv') return { kind: 'csv' };
  if (media.kind === 'geojson' && media.stAsGeoJson)
    return { kind: 'geojson', stAsGeoJson: media.stAsGeoJson };
  return { kind: 'array', stripNulls: false };
}

export function explain(media: Media, sql: string): string {
  if (media.kind !== 'plan') return sql;
  const opts = [
    `FORMAT ${media.format.toUpperCase()}`,
    ...media.options.map((o) => o.toUpperCase()),
  ];
  return `EXPLAIN (${opts.join(', ')}) ${sql}`;
}
