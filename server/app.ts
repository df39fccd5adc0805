// Composes the local Supabase-compatible backend: database, migrations, the API modules under
// their Supabase paths, and the built PWA on the same origin.
import { Hono } from 'hono';
import { getRequestListener, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import {
  loadConfig,
  assertSafeSecrets,
  type ConfigInput,
  type ServerConfig,
} from './gateway/config.ts';
import { createKeys } from './gateway/keys.ts';
import { corsHeaders, supabaseCors } from './gateway/cors.ts';
import { refuseDeclared } from './gateway/body-limit.ts';
import type { ServiceDeps } from './gateway/service.ts';
import { openDatabase } from './db/open.ts';
import { migrate, type MigrationReport } from './db/migrator.ts';
import type { Database } from './db/types.ts';
import { createAuth } from './auth/index.ts';
import { createRest } from './rest/index.ts';
import { createRealtime } from './realtime/index.ts';
import { createStorage } from './storage/index.ts';
import { createFunctions } from './functions/index.ts';
import { seedBuckets } from './seed-buckets.ts';
import { queuedDatabase } from './gateway/db-queue.ts';
import { createBackupRoute } from './gateway/backup-route.ts';
import { startScheduler, type Scheduler } from './scheduler/index.ts';

export interface RunningServer {
  url: string;
  config: ServerConfig;
  db: Database;
  migrations: MigrationReport;
  /** Runs private.scheduled_jobs (pg_cron's stand-in); `tick()` runs the due ones now. */
  scheduler: Scheduler;
  close(): Promise<void>;
}

export interface StartOptions extends ConfigInput {
  seed?: boolean;
  log?: (line: string) => void;
}

const API_PATH = /^\/(auth|rest|storage|realtime|functions)\/v1(\/|$)/;

/**
 * The headers the app is served with (README "Security headers" lists them for a static host in
 * front of hosted Supabase): scripts only from this origin and never inline, network only to this
 * origin and the backend the app was configured with (and its WebSocket), images also from blob:
 * and data: (previews), styles inline as React and the toasts set them, no framing, no plugins.
 */
export function appSecurityHeaders(
  backendUrl: string,
  scriptHashes: string[] = [],
): Record<string, string> {
  const backend = new URL(backendUrl).origin;
  const ws = backend.replace(/^http/, 'ws');
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly only (count mode's barcode reader where the browser
    // has no BarcodeDetector, src/features/inventory/barcode.ts); no JavaScript eval.
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data: ${backend}`,
    "font-src 'self' data:",
    `connect-src 'self' ${backend} ${ws}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The camera for this origin only: count mode reads barcodes with it (docs/inventory.md).
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * The build's own inline scripts in index.html (the route preload the build writes), allowed by
 * their SHA-256 alone: a script injected later has another hash and is refused.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}

export function buildApp(deps: ServiceDeps) {
  const app = new Hono();
  const auth = createAuth(deps);
  // REST, the hot path, passes the bounded queue in front of the database (503 + Retry-After).
  const queued = queuedDatabase(deps.db, deps.config.dbQueue);
  const rest = createRest({ ...deps, db: queued, shed: queued.shed });
  const realtime = createRealtime(deps);
  const storage = createStorage(deps);
  const functions = createFunctions(deps);
  for (const api of ['auth', 'rest', 'storage', 'functions', 'realtime']) {
    app.use(`/${api}/v1/*`, supabaseCors);
  }
  app.route('/auth/v1', auth.app);
  app.route('/rest/v1', rest.app);
  app.route('/storage/v1', storage.app);
  app.route('/functions/v1', functions.app);
  app.route('/realtime/v1', realtime.app);
  if (deps.config.devRoutes) app.route('/_dev', auth.devApp);
  // npm run backup (README "Backups"): service role, loopback only.
  app.route('/_admin', createBackupRoute(deps));
  app.get('/_health', async (c) => {
    const t0 = performance.now();
    await deps.db.query('select 1');
    return c.json({ status: 'ok', db: deps.db.kind, db_ms: +(performance.now() - t0).toFixed(2) });
  });

  const appDir = deps.config.appDir;
  if (appDir && existsSync(path.join(appDir, 'index.html'))) {
    const indexHtml = readFileSync(path.join(appDir, 'index.html'), 'utf8');
    // The app's own answers carry a strict CSP and its companions (the APIs keep theirs; storage
    // objects are sandboxed by the storage module). See appSecurityHeaders.
    const headers = appSecurityHeaders(deps.config.publicUrl, inlineScriptHashes(indexHtml));
    app.use('*', async (c, next) => {
      await next();
      if (API_PATH.test(c.req.path)) return;
      // A hashed asset (script, stylesheet, image) is never a document: the page's policy headers
      // would be ~0.9 KB of nothing on each of them; it keeps what stops type sniffing.
      if (c.req.path.startsWith('/assets/')) {
        c.header('X-Content-Type-Options', 'nosniff');
        return;
      }
      for (const [k, v] of Object.entries(headers)) c.header(k, v);
    });
    app.use(
      '/*',
      serveStatic({
        root: path.relative(process.cwd(), appDir) || '.',
        // The build writes .br / .gz beside each file; serve those when the browser accepts them.
        precompressed: true,
        onFound: (p, c) => {
          // The worker (/sw.js) and the shell must be revalidated, or a new version is never
          // seen; hashed assets are immutable.
          if (/\/assets\//.test(p))
            c.header('Cache-Control', 'public, max-age=31536000, immutable');
          else c.header('Cache-Control', 'no-cache');
          // The web manifest's registered type (p may name its .br / .gz copy).
          if (/\.webmanifest(\.br|\.gz)?$/.test(p))
            c.header('Content-Type', 'application/manifest+json');
        },
      }),
    );
    // Client-side routes fall back to the app shell, compressed once here (as the build's
    // precompressed files are) when the browser accepts it.
    const shell = {
      br: brotliCompressSync(indexHtml, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
      }),
      gzip: gzipSync(indexHtml, { level: 9 }),
    };
    app.get('*', (c) => {
      if (API_PATH.test(c.req.path)) return c.notFound();
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Accept-Encoding');
      const accepted = c.req.header('Accept-Encoding') ?? '';
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      if (!encoding) return c.html(indexHtml);
      c.header('Content-Encoding', encoding);
      c.header('Content-Type', 'text/html; charset=UTF-8');
      return c.body(new Uint8Array(shell[encoding]));
    });
  }
  return {
    app,
    realtime,
    /** /rest/v1 straight on node:http, in front of Hono's listener (rest/node-http.ts). */
    restNode: rest.node,
    async reload() {
      await rest.reloadSchema();
      await realtime.reload();
    },
    async close() {
      await realtime.close();
      await functions.close();
      await storage.close();
    },
  };
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(opts);
  assertSafeSecrets(config);
  const log = opts.log ?? (() => undefined);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let server: ServerType | undefined;
  try {
    const migrations = await migrate(db, config.supabaseDir, {
      seed: opts.seed !== false && config.seed.enabled,
      seedPaths: config.seed.sqlPaths,
      log,
    });
    const keys = createKeys(config);
    const built = buildApp({ db, config, keys });
    await built.reload();
    server = await new Promise<ServerType>((resolve, reject) => {
      // What @hono/node-server's serve() does, with REST requests served before Hono's listener:
      // they skip its Request / Response adaptation and routing (the hot path; rest/node-http.ts).
      const hono = getRequestListener(built.app.fetch, { hostname: config.host });
      // Bodies announced past their API's limit are refused before anything reads them
      // (gateway/body-limit.ts).
      const s = createServer((req, res) => {
        if (refuseDeclared(req, res, config.bodyLimits, config.storage.fileSizeLimit, corsHeaders))
          return;
        built.restNode(req, res, () => void hono(req, res));
      });
      s.listen(config.port, config.host, () => resolve(s));
      s.once('error', reject);
    });
    built.realtime.attach(server as Server);
    const addr = server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
    if (config.port === 0) {
      config.port = addr.port;
      config.publicUrl = url;
    }
    if (migrations.seeded) await seedBuckets(url, config, log);
    // pg_cron's stand-in: the jobs of private.scheduled_jobs (docs/local-backend.md).
    const scheduler = startScheduler(db, { tickMs: config.scheduler.tickMs, log });
    const running = server;
    return {
      url,
      config,
      db,
      migrations,
      scheduler,
      async close() {
        await scheduler.close();
        await built.close();
        await new Promise<void>((r) => {
          running.close(() => r());
          // Keep-alive sockets must not hold the close open.
          (running as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await db.close();
      },
    };
  } catch (e) {
    server?.close();
    await db.close();
    throw e;
  }
}
