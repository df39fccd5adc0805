// /functions/v1/<name> — edge functions from supabase/functions/<name>/index.ts, served the way
// Supabase's relay and edge runtime serve them (supabase/cli internal/functions/serve/templates/
// main.ts): the JWT is verified unless `[functions.<name>] verify_jwt = false`, the request reaches
// the function at /<name>/<rest> with its headers (the caller's JWT included), and failures of the
// runtime itself answer with `x-relay-error: true`, which functions-js turns into a
// FunctionsRelayError; a function's own non-2xx responses pass through untouched.
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { ServiceDeps } from '../gateway/service.ts';
import { BodyTooLarge, lingeringClose, readCapped, tooLargeAnswer } from '../gateway/body-limit.ts';
import {
  deferred,
  loadFunction,
  runWithEnv,
  settleBackgroundWork,
  type FunctionEnv,
  type FunctionHandler,
} from './runtime.ts';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Supabase's wall-clock limit for a request (free plan). */
const WALL_CLOCK_MS = 150_000;

interface FunctionSettings {
  enabled: boolean;
  verifyJwt: boolean;
  entrypoint?: string;
}

function readSettings(supabaseDir: string): Map<string, FunctionSettings> {
  const file = path.join(supabaseDir, 'config.toml');
  const out = new Map<string, FunctionSettings>();
  if (!existsSync(file)) return out;
  const toml = parseToml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const fns = toml.functions;
  if (!fns || typeof fns !== 'object') return out;
  for (const [name, raw] of Object.entries(fns as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') continue;
    const t = raw as Record<string, unknown>;
    out.set(name, {
      enabled: t.enabled !== false,
      verifyJwt: t.verify_jwt !== false,
      entrypoint: typeof t.entrypoint === 'string' ? t.entrypoint : undefined,
    });
  }
  return out;
}

function relayError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: { 'content-type': 'application/json', 'x-relay-error': 'true' },
  });
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function createFunctions(deps: ServiceDeps) {
  const { config, keys } = deps;
  const functionsDir = path.join(config.supabaseDir, 'functions');
  const settings = readSettings(config.supabaseDir);
  const handlers = new Map<string, Promise<FunctionHandler>>();
  const app = new Hono();

  /** What a function sees in Deno.env, read at call time (the port is known only after listen). */
  const env = (): FunctionEnv => {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const entries: [string, string][] = [
      // The function calls back into this server, as `supabase start` gives it the internal URL.
      ['SUPABASE_URL', `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`],
      ['SUPABASE_ANON_KEY', config.anonKey],
      ['SUPABASE_SERVICE_ROLE_KEY', config.serviceRoleKey],
      ['SUPABASE_PUBLISHABLE_KEY', config.publishableKey],
      ['SUPABASE_SECRET_KEY', config.secretKey],
      ['SUPABASE_PUBLIC_URL', config.publicUrl],
    ];
    if (config.databaseUrl) entries.push(['SUPABASE_DB_URL', config.databaseUrl]);
    return new Map(entries);
  };

  function entrypoint(name: string): string | undefined {
    const s = settings.get(name);
    if (s && !s.enabled) return undefined;
    const file = s?.entrypoint
      ? path.resolve(config.supabaseDir, s.entrypoint)
      : path.join(functionsDir, name, 'index.ts');
    try {
      return statSync(file).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  function handlerFor(name: string, file: string): Promise<FunctionHandler> {
    let h = handlers.get(name);
    if (!h) {
      h = loadFunction(file, env());
      handlers.set(name, h);
      // A function that failed to boot is tried again on its next request (after a fix, say).
      h.catch(() => handlers.delete(name));
    }
    return h;
  }

  async function verifyCaller(c: Context): Promise<Response | undefined> {
    const header = c.req.header('authorization');
    if (!header) return jsonResponse(401, { code: 401, message: 'Missing authorization header' });
    const m = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!m) return jsonResponse(401, { code: 401, message: "Auth header is not 'Bearer {token}'" });
    try {
      await keys.verify(m[1]!.trim());
      return undefined;
    } catch {
      return jsonResponse(401, { code: 401, message: 'Invalid JWT' });
    }
  }

  app.all('/*', async (c) => {
    const base = routePath(c).replace(/\/\*$/, '');
    const url = new URL(c.req.url);
    const rest = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length + 1) : '';
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    const file = NAME.test(name) ? entrypoint(name) : undefined;
    if (!file) {
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    if (c.req.method !== 'OPTIONS' && settings.get(name)?.verifyJwt !== false) {
      const refusal = await verifyCaller(c);
      if (refusal) return refusal;
    }

    let handler: FunctionHandler;
    try {
      handler = await handlerFor(name, file);
    } catch (e) {
      console.error(`[functions] ${name} failed to boot:`, e);
      return relayError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
    }

    // The function sees /<name>/<rest>?<query>, as on Supabase (the /functions/v1 prefix is gone).
    const target = new URL(`/${rest}${url.search}`, url.origin);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const method = c.req.method;
    // A body with a length was checked against the limit before it was read (app.ts,
    // refuseDeclared); one without is read here up to the limit (gateway/body-limit.ts).
    let body: ReadableStream<Uint8Array> | Uint8Array | null =
      method === 'GET' || method === 'HEAD' ? null : c.req.raw.body;
    if (body && c.req.header('content-length') === undefined) {
      try {
        body = await readCapped(body as ReadableStream<Uint8Array>, config.bodyLimits.functions);
      } catch (e) {
        if (!(e instanceof BodyTooLarge)) throw e;
        lingeringClose(incoming?.socket);
        const { status, body: refusal } = tooLargeAnswer('functions', e.limit);
        const res = relayError(status, String(refusal.code), String(refusal.message));
        res.headers.set('connection', 'close');
        return res;
      }
    }
    const req = new Request(target, {
      method,
      headers: c.req.raw.headers,
      body,
      signal: c.req.raw.signal,
      // Required by Node's fetch for a streamed request body.
      duplex: 'half',
    } as RequestInit);
    const { promise: completed, resolve: done } = deferred();
    const info = {
      remoteAddr: {
        hostname: incoming?.socket.remoteAddress ?? '127.0.0.1',
        port: incoming?.socket.remotePort ?? 0,
        transport: 'tcp' as const,
      },
      completed,
    };

    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<Response>((resolve) => {
        timer = setTimeout(
          () =>
            resolve(
              relayError(
                546,
                'WORKER_LIMIT',
                'Worker failed to respond due to a resource limit (please check logs)',
              ),
            ),
          WALL_CLOCK_MS,
        );
      });
      const res = await Promise.race([
        runWithEnv(env(), () => Promise.resolve(handler(req, info))),
        timeout,
      ]);
      if (!(res instanceof Response)) throw new TypeError('The function did not return a Response');
      return res;
    } catch (e) {
      console.error(`[functions] ${name} threw:`, e);
      return relayError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
    } finally {
      clearTimeout(timer);
      done();
    }
  });

  return {
    app,
    async close(): Promise<void> {
      handlers.clear();
      await settleBackgroundWork(5_000);
    },
  };
}
