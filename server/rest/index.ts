// /rest/v1 — the PostgREST API supabase-js's postgrest-js speaks to (tables, views, rpc/).
// Per request: verify the key and JWT, build one SQL statement from the query string against the
// schema cache, run it in one transaction as the caller's role (runAs), and answer with the
// JSON Postgres produced. The schema cache is reloaded at start, on `NOTIFY pgrst, 'reload schema'`
// and through reloadSchema().
import { Hono, type Context } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';
import { isPgError, type Queryable } from '../db/types.ts';
import {
  apikeyFailureBody,
  resolveAuth,
  resolveAuthFrom,
  runAs,
  type RequestAuth,
} from '../gateway/context.ts';
import { contextCall, nodeHandler, RestJson, type RestCall } from './node-http.ts';
import { isLoopback } from '../gateway/config.ts';
import { RestError, jwtError, toRestError } from './errors.ts';
import {
  prepareRequest,
  type PreparedRequest,
  type RestRequest,
  type RestSettings,
} from './request.ts';
import {
  buildResponse,
  checkInTransaction,
  errorResponse,
  type RestResponse,
  type ResultRow,
} from './response.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { contentTypeFor } from './preferences.ts';
import { openApiSpec } from './open-api.ts';
import { withJwtCache } from './jwt-cache.ts';
import { assertWriteRows } from './write-limits.ts';
import { BodyTooLarge, tooLargeAnswer } from '../gateway/body-limit.ts';
import { busyError } from '../gateway/db-queue.ts';

/** The SQL a request would run, for benchmarks and debugging. */
export interface RestSql {
  sql: string;
  params: (string | null)[];
  role: string;
  claims: Record<string, unknown>;
  searchPath: string[];
  /** GET on a volatile function first makes the transaction read-only. */
  readOnly: boolean;
  /**
   * On PostgreSQL the statement is followed by this guard and COMMIT in the same round trip
   * (commitFirst); absent when the request takes the ordinary way.
   */
  guard?: string;
}

/** Thrown out of a transaction to undo it while keeping what it produced. */
class Rollback {
  constructor(readonly row: ResultRow) {}
}

class PlanResult {
  constructor(readonly body: string) {}
}

/** The one-round-trip attempt's guard stopped its COMMIT: run the request the ordinary way. */
class TakeTheLongWay extends Error {}

/**
 * Run between the statement and a COMMIT sent with it (commitFirst): fails (division by zero, so
 * the server turns that COMMIT into a rollback) when the answer could still need the transaction
 * undone: a function or trigger set response.status / response.headers (an invalid override is a
 * 500 and a rollback, checked in JS once the row is back). Both the settings now and the values the
 * statement's answer read (kept by query-builder.ts, GUCS) are checked: an AFTER trigger fires once
 * the answer is built and may clear an override the answer carries. The divisor is not a constant, so it
 * is only evaluated at run time.
 */
const NO_OVERRIDES = `nullif(pg_catalog.current_setting('response.headers', true), '') is null
  and nullif(pg_catalog.current_setting('response.status', true), '') is null
  and nullif(pg_catalog.current_setting('pgrst.read_response_headers', true), '') is null
  and nullif(pg_catalog.current_setting('pgrst.read_response_status', true), '') is null`;
const GUARD_SQL = `select 1 / (case when ${NO_OVERRIDES} then 1 else 0 end)`;
/**
 * For a singular read, whose wrong row count (406) rolls back: committing instead is the same
 * only if the transaction wrote nothing (no transaction id was assigned) and is not serializable
 * (whose commit can still fail).
 */
const SINGULAR_GUARD_SQL = `select 1 / (case when ${NO_OVERRIDES}
  and pg_catalog.pg_current_xact_id_if_assigned() is null
  and pg_catalog.current_setting('transaction_isolation') <> 'serializable' then 1 else 0 end)`;

/**
 * Whether a request may send its COMMIT with its statement (Queryable.commitNow, PostgreSQL): one
 * round trip for the whole transaction instead of two. Only when nothing read from the answer can
 * need the transaction undone, or the guard above catches it in SQL: no planned count (a second
 * statement), no Prefer tx=rollback, no EXPLAIN, no read-only call (calls are left as they were),
 * no strict max-affected check, and for object+json only a read (its 406 is guarded).
 */
function commitFirst(p: PreparedRequest): string | undefined {
  if (p.action === 'call' || p.readOnly || p.plannedCount || p.media.kind === 'plan') return;
  if (p.prefs.tx === 'rollback') return;
  if (p.prefs.handling === 'strict' && p.prefs.maxAffected !== undefined) return;
  if (p.singular) return p.action === 'read' ? SINGULAR_GUARD_SQL : undefined;
  return GUARD_SQL;
}

const REST_PREFIX = '/rest/v1';

function restPath(url: URL): string {
  const i = url.pathname.indexOf(REST_PREFIX);
  return i === -1 ? url.pathname : url.pathname.slice(i + REST_PREFIX.length);
}

/** Headers that change the statement a request builds (besides method, path and query). */
const PLAN_HEADERS = ['accept', 'prefer', 'range', 'accept-profile', 'content-profile'];
const PREPARED_CACHE_SIZE = 500;

/**
 * Body-less requests (reads, deletes, GET calls) build the same statement for the same URL and
 * headers: keep the last few hundred, dropped whenever the schema cache is reloaded.
 */
class PreparedCache {
  private map = new Map<string, PreparedRequest>();
  constructor(private generation: SchemaCache | undefined = undefined) {}
  key(req: RestRequest): string | undefined {
    if (req.body !== undefined) return undefined;
    return JSON.stringify([
      req.method,
      req.path,
      req.query,
      ...PLAN_HEADERS.map((h) => req.header(h) ?? null),
    ]);
  }
  get(sc: SchemaCache, key: string): PreparedRequest | undefined {
    if (sc !== this.generation) {
      this.map.clear();
      this.generation = sc;
      return undefined;
    }
    const hit = this.map.get(key);
    if (hit) {
      // Refresh its place: the map's order is the eviction order.
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(sc: SchemaCache, key: string, prepared: PreparedRequest): void {
    if (sc !== this.generation) return;
    this.map.set(key, prepared);
    if (this.map.size > PREPARED_CACHE_SIZE) this.map.delete(this.map.keys().next().value!);
  }
}

/** PostgREST's planned / estimated count: the planner's row estimate for the count query. */
async function plannedTotal(
  tx: Queryable,
  pc: NonNullable<PreparedRequest['plannedCount']>,
  row: ResultRow,
): Promise<number> {
  const exact = row.total === null ? undefined : Number(row.total);
  if (
    pc.mode === 'estimated' &&
    exact !== undefined &&
    (pc.maxRows === undefined || exact <= pc.maxRows)
  )
    return exact;
  const res = await tx.query<{ 'QUERY PLAN': unknown }>(pc.sql, pc.params);
  let plan = res.rows[0]?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.[
    'Plan Rows'
  ];
  return typeof rows === 'number' ? Math.round(rows) : (exact ?? 0);
}

function send(r: RestResponse): Response {
  return new Response(r.body, { status: r.status, headers: r.headers });
}

export function createRest(deps: ServiceDeps & { shed?: () => number | undefined }) {
  const { db, config } = deps;
  const shedNow = deps.shed;
  const keys = withJwtCache(deps.keys);
  const settings: RestSettings = {
    schemas: config.api.schemas,
    extraSearchPath: config.api.extraSearchPath,
    maxRows: config.api.maxRows,
    planEnabled: config.api.planEnabled,
  };
  // The CLI's local stack (loopback, its well-known keys) serves a request without an apikey as
  // anon; a deployment with its own secrets requires the key, as hosted Supabase does.
  const authOptions = { keylessAnon: isLoopback(config.host) && config.usingWellKnownSecrets };
  let cache: SchemaCache | undefined;
  const preparedCache = new PreparedCache();
  let loading: Promise<SchemaCache> | undefined;
  let listening = false;

  async function reloadSchema(): Promise<void> {
    const next = db.transaction((tx) => loadSchemaCache(tx, settings.schemas));
    loading = next;
    try {
      cache = await next;
    } finally {
      if (loading === next) loading = undefined;
    }
    if (!listening) {
      listening = true;
      // PostgREST's channel: `NOTIFY pgrst, 'reload schema'` after DDL refreshes the cache.
      await db
        .listen('pgrst', (payload) => {
          if (payload === '' || payload === 'reload schema') {
            reloadSchema().catch((e: unknown) =>
              console.error('[rest] schema reload failed:', e instanceof Error ? e.message : e),
            );
          }
        })
        .catch(() => {
          listening = false;
        });
    }
  }

  async function currentCache(): Promise<SchemaCache> {
    if (loading) return loading;
    if (cache) return cache;
    await reloadSchema();
    return cache!;
  }

  async function restRequest(call: RestCall): Promise<RestRequest> {
    const url = new URL(call.url);
    const method = call.method.toUpperCase();
    const req: RestRequest = {
      method,
      path: restPath(url),
      query: url.search.startsWith('?') ? url.search.slice(1) : url.search,
      header: call.header,
    };
    if (method !== 'GET' && method !== 'HEAD') {
      if (/^\s*application\/octet-stream/i.test(call.header('content-type') ?? '')) {
        req.bodyBytes = await call.bytes();
        req.body = '';
      } else req.body = await call.text();
    }
    return req;
  }

  async function execute(
    prepared: PreparedRequest,
    auth: RequestAuth,
    headers: Record<string, string>,
  ): Promise<RestResponse> {
    const info = {
      method: prepared.method,
      path: prepared.requestPath,
      headers,
      searchPath: prepared.searchPath,
    };
    if (prepared.media.kind === 'plan') {
      const json = prepared.media.format === 'json';
      // EXPLAIN ANALYZE runs the statement: the plan is read, then the transaction undone.
      const body = await runAs(db, auth, info, async (tx) => {
        const res = await tx.query<{ 'QUERY PLAN': unknown }>(prepared.sql, prepared.params);
        throw new PlanResult(
          json
            ? JSON.stringify(res.rows[0]?.['QUERY PLAN'] ?? null)
            : res.rows.map((r) => String(r['QUERY PLAN'])).join('\n'),
        );
      }).catch((e: unknown) => {
        if (e instanceof PlanResult) return e.body;
        throw e;
      });
      return { status: 200, headers: { 'Content-Type': contentTypeFor(prepared.media) }, body };
    }
    // PostgreSQL: BEGIN, the settings, the statement, the guard and COMMIT in one write and one
    // round trip (PGlite runs in this process: no round trips to save).
    const guard = db.kind === 'postgres' ? commitFirst(prepared) : undefined;
    if (guard !== undefined) {
      try {
        return await runAs(db, auth, info, async (tx) => {
          if (!tx.commitNow) throw new TakeTheLongWay();
          const statement = tx.query<ResultRow>(prepared.sql, prepared.params);
          statement.catch(() => undefined);
          const guarded = tx.query(guard);
          guarded.catch(() => undefined);
          tx.commitNow();
          const r = (await statement).rows[0]!;
          try {
            await guarded;
          } catch (e) {
            // Only the guard's own refusal: after a lost connection the COMMIT may have run.
            throw isPgError(e) && e.code === '22012' ? new TakeTheLongWay() : e;
          }
          // Cannot fail here: no overrides; a singular read's 406 commits what equals a rollback.
          checkInTransaction(prepared, r);
          return buildResponse(prepared, r);
        });
      } catch (e) {
        if (!(e instanceof TakeTheLongWay)) throw e;
      }
    }
    let row: ResultRow;
    try {
      row = await runAs(db, auth, info, async (tx) => {
        if (prepared.readOnly) {
          await tx.query(`select pg_catalog.set_config('transaction_read_only', 'on', true)`);
        }
        const res = await tx.query<ResultRow>(prepared.sql, prepared.params);
        const r = res.rows[0]!;
        if (prepared.plannedCount) r.total = await plannedTotal(tx, prepared.plannedCount, r);
        checkInTransaction(prepared, r);
        // Status and headers are checked before commit: a bad override must not commit.
        buildResponse(prepared, r);
        if (prepared.prefs.tx === 'rollback') throw new Rollback(r);
        return r;
      });
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
      row = e.row;
    }
    return buildResponse(prepared, row);
  }

  /**
   * One request, whichever way it came: from Hono (contextCall) or straight from node:http
   * (node-http.ts). The answer, or the JSON body of one of the two answers Hono writes itself
   * (the gateway's missing or unknown key, 401; the OpenAPI root, 200).
   */
  async function serve(call: RestCall): Promise<RestResponse | RestJson> {
    // Overload is shed before any work is done for the request (no key check, no body read, no
    // parsing): refusing must cost less than serving (gateway/db-queue.ts; issue 34).
    const retryAfter = shedNow?.();
    if (retryAfter !== undefined) {
      return errorResponse(toRestError(busyError(config.dbQueue, retryAfter), false));
    }
    const authResult = await resolveAuthFrom(
      keys,
      call.header('apikey') ?? call.query('apikey'),
      call.header('authorization'),
      authOptions,
    );
    if (!authResult.ok) {
      const f = authResult.failure;
      if (f.kind === 'jwt') return errorResponse(jwtError(f.error));
      return new RestJson(401, apikeyFailureBody(f));
    }
    const auth = authResult.auth;
    const authed = auth.role !== 'anon';
    try {
      const req = await restRequest(call);
      assertWriteRows(req, config.api.maxWriteRows);
      const sc = await currentCache();
      if (req.path === '' || req.path === '/') {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
        }
        return new RestJson(
          200,
          openApiSpec(sc, settings, req.header('accept-profile'), config.publicUrl),
        );
      }
      const cacheKey = preparedCache.key(req);
      let prepared = cacheKey !== undefined ? preparedCache.get(sc, cacheKey) : undefined;
      if (!prepared) {
        prepared = prepareRequest(sc, settings, req);
        if (cacheKey !== undefined) preparedCache.set(sc, cacheKey, prepared);
      }
      return await execute(prepared, auth, call.headers());
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        // Refused half-read: the rest of the body is never read, so the connection closes.
        call.closeAfter();
        const { status, body } = tooLargeAnswer('rest', e.limit);
        const b = body as { code: string; message: string; hint: string };
        return errorResponse(
          new RestError(status, b.code, b.message, null, b.hint, { Connection: 'close' }),
        );
      }
      const err = toRestError(e, authed);
      // 503s are the load shedding's answers (gateway/db-queue.ts), not faults to log.
      if (err.status >= 500 && err.status !== 503 && !(e instanceof RestError)) {
        console.error('[rest] error', call.method, call.path(), e instanceof Error ? e.stack : e);
      }
      return errorResponse(err);
    }
  }

  async function handle(c: Context): Promise<Response> {
    const out = await serve(contextCall(c, config.bodyLimits.rest));
    if (out instanceof RestJson) return c.json(out.body as object, out.status as 200 | 401);
    return send(out);
  }

  const app = new Hono();
  app.all('*', handle);

  // The statement a request would run, with the role and settings runAs would apply: the same
  // path as a real request up to the database call.
  const sqlApp = new Hono();
  sqlApp.all('*', async (c) => {
    const authResult = await resolveAuth(keys, c, authOptions);
    if (!authResult.ok) return c.json({ error: authResult.failure.kind }, 401);
    try {
      const prepared = prepareRequest(
        await currentCache(),
        settings,
        await restRequest(contextCall(c, config.bodyLimits.rest)),
      );
      const out: RestSql = {
        sql: prepared.sql,
        params: prepared.params,
        role: authResult.auth.role,
        claims: authResult.auth.claims,
        searchPath: prepared.searchPath,
        readOnly: prepared.readOnly,
      };
      const guard = commitFirst(prepared);
      if (guard !== undefined) out.guard = guard;
      return c.json(out);
    } catch (e) {
      return send(errorResponse(toRestError(e, authResult.auth.role !== 'anon')));
    }
  });

  /** The SQL (and role, claims, search_path) a REST request would run; throws on a bad request. */
  async function toSql(request: Request): Promise<RestSql> {
    const res = await sqlApp.request(request);
    const body = (await res.json()) as RestSql | { message?: string; error?: string };
    if (!res.ok) throw new Error(`request refused (${res.status}): ${JSON.stringify(body)}`);
    return body as RestSql;
  }

  return { app, reloadSchema, toSql, node: nodeHandler(serve, config.bodyLimits.rest) };
}
