// Server configuration: command-line flags, environment, and the settings of the project's
// supabase/config.toml that apply to this backend (the same names `supabase start` reads).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { STORAGE_JSON_MAX_BYTES, type BodyLimits } from './body-limit.ts';

/** The Supabase CLI's well-known local secret and keys (`supabase status` prints the same). */
export const WELL_KNOWN = {
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  publishableKey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  secretKey: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
} as const;

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface ServerConfig {
  /** Folder holding supabase/ (the project being served). */
  workdir: string;
  supabaseDir: string;
  host: string;
  port: number;
  /** The URL clients reach this server at; auth links are built from it. */
  publicUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  usingWellKnownSecrets: boolean;
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** Built PWA to serve on the same origin, if any. */
  appDir?: string;
  /** /_dev routes (outbox); only ever on loopback. */
  devRoutes: boolean;
  api: {
    schemas: string[];
    extraSearchPath: string[];
    maxRows: number;
    /** Answer `Accept: application/vnd.pgrst.plan` (PostgREST's db-plan-enabled): off by default. */
    planEnabled: boolean;
    /** Most rows one write request may carry (POST / PATCH body); more is a 413. */
    maxWriteRows: number;
  };
  /**
   * Peers whose X-Forwarded-For is believed (addresses or CIDR ranges); empty by default, so the
   * client address is the socket's peer. See docs/server-hardening.md.
   */
  trustedProxies: string[];
  /**
   * The bounded queue in front of the database: at most `concurrency` requests at once, at most
   * `limit` waiting, none waiting longer than `timeoutMs`; beyond that a 503 with Retry-After.
   */
  dbQueue: { concurrency: number; limit: number; timeoutMs: number };
  /** How often the scheduler looks for due jobs (server/scheduler; SCHEDULER_TICK_MS, a minute by default). */
  scheduler: { tickMs: number };
  /**
   * Byte limits on request bodies per API (storage uploads: storage.fileSizeLimit and the
   * bucket's own); past them a 413 in that API's error shape. See gateway/body-limit.ts and
   * docs/server-hardening.md, "Request bodies".
   */
  bodyLimits: BodyLimits;
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    enableSignup: boolean;
    emailConfirmations: boolean;
    minimumPasswordLength: number;
    /** Seconds a rotated refresh token may still be reused (GoTrue's reuse interval). */
    refreshTokenReuseInterval: number;
  };
  storage: {
    fileSizeLimit: number;
    buckets: Record<string, SeedBucket>;
    /**
     * [storage.image_transformation] enabled (IMAGE_TRANSFORMATION_ENABLED overrides): off, the
     * /render/image routes answer 404 as Storage does without them (docs/local-backend.md).
     */
    imageTransformation: boolean;
  };
  /** [db.seed]: whether to seed a fresh database, and the files (globs, relative to supabase/). */
  seed: { enabled: boolean; sqlPaths: string[] };
}

/** A [storage.buckets.<name>] section: created if missing, objects seeded from objects_path. */
export interface SeedBucket {
  public: boolean;
  fileSizeLimit?: number;
  allowedMimeTypes?: string[];
  /** Absolute folder whose files are uploaded into the bucket on a freshly seeded database. */
  objectsPath?: string;
}

export interface ConfigInput {
  workdir?: string;
  host?: string;
  port?: number;
  dataDir?: string | null;
  databaseUrl?: string;
  appDir?: string;
  env?: NodeJS.ProcessEnv;
}

type Toml = Record<string, unknown>;

function section(t: Toml, ...keys: string[]): Toml {
  let cur: unknown = t;
  for (const k of keys) cur = cur && typeof cur === 'object' ? (cur as Toml)[k] : undefined;
  return cur && typeof cur === 'object' ? (cur as Toml) : {};
}

const num = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
const envInt = (v: string | undefined, d: number) => {
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : d;
};
const envBool = (v: string | undefined) => /^(1|true|on|yes)$/i.test(v?.trim() ?? '');
const envList = (v: string | undefined) =>
  (v ?? '')
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter((x) => x !== '');
const strs = (v: unknown, d: string[]) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : d;

/** "50MiB", "5MB", "1024" → bytes. */
export function parseSize(v: unknown, d: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return d;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|KIB|MB|MIB|GB|GIB)?\s*$/i.exec(v);
  if (!m) return d;
  const units: Record<string, number> = {
    B: 1,
    KB: 1e3,
    KIB: 1024,
    MB: 1e6,
    MIB: 1024 ** 2,
    GB: 1e9,
    GIB: 1024 ** 3,
  };
  return Math.round(Number(m[1]) * units[(m[2] ?? 'B').toUpperCase()]!);
}

/** Is this host a loopback address (where the well-known secrets are acceptable)? */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

export function loadConfig(input: ConfigInput = {}): ServerConfig {
  const env = input.env ?? process.env;
  const workdir = path.resolve(input.workdir ?? env.SUPABASE_WORKDIR ?? REPO_ROOT);
  const supabaseDir = path.join(workdir, 'supabase');
  const tomlPath = path.join(supabaseDir, 'config.toml');
  const toml: Toml = existsSync(tomlPath) ? parseToml(readFileSync(tomlPath, 'utf8')) : {};
  const api = section(toml, 'api');
  const auth = section(toml, 'auth');
  const email = section(toml, 'auth', 'email');
  const storage = section(toml, 'storage');
  const seed = section(toml, 'db', 'seed');

  const host = input.host ?? env.HOST ?? '127.0.0.1';
  const port = input.port ?? (env.PORT ? Number(env.PORT) : num(api.port, 54321));
  const jwtSecret = env.JWT_SECRET ?? WELL_KNOWN.jwtSecret;
  const anonKey = env.ANON_KEY ?? WELL_KNOWN.anonKey;
  const serviceRoleKey = env.SERVICE_ROLE_KEY ?? WELL_KNOWN.serviceRoleKey;
  const publishableKey = env.PUBLISHABLE_KEY ?? WELL_KNOWN.publishableKey;
  const secretKey = env.SECRET_KEY ?? WELL_KNOWN.secretKey;
  const usingWellKnownSecrets =
    jwtSecret === WELL_KNOWN.jwtSecret ||
    anonKey === WELL_KNOWN.anonKey ||
    serviceRoleKey === WELL_KNOWN.serviceRoleKey ||
    publishableKey === WELL_KNOWN.publishableKey ||
    secretKey === WELL_KNOWN.secretKey;

  const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const publicUrl = env.API_EXTERNAL_URL ?? `http://${displayHost}:${port}`;
  const dataDir =
    input.dataDir === null ? undefined : (input.dataDir ?? env.PGLITE_DATA_DIR ?? undefined);

  return {
    workdir,
    supabaseDir,
    host,
    port,
    publicUrl,
    jwtSecret,
    anonKey,
    serviceRoleKey,
    publishableKey,
    secretKey,
    usingWellKnownSecrets,
    databaseUrl: input.databaseUrl ?? env.DATABASE_URL ?? undefined,
    dataDir,
    appDir: input.appDir,
    devRoutes: isLoopback(host),
    api: {
      schemas: strs(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: strs(api.extra_search_path, ['public', 'extensions']),
      maxRows: num(api.max_rows, 1000),
      planEnabled: envBool(env.PGRST_DB_PLAN_ENABLED),
      maxWriteRows: envInt(env.API_MAX_WRITE_ROWS, 1000),
    },
    trustedProxies: envList(env.TRUSTED_PROXIES),
    dbQueue: {
      concurrency: envInt(
        env.DB_QUEUE_CONCURRENCY,
        (input.databaseUrl ?? env.DATABASE_URL) ? 10 : 1,
      ),
      limit: envInt(env.DB_QUEUE_LIMIT, 64),
      timeoutMs: envInt(env.DB_QUEUE_TIMEOUT_MS, 3000),
    },
    scheduler: { tickMs: envInt(env.SCHEDULER_TICK_MS, 60_000) },
    bodyLimits: {
      rest: envInt(env.API_MAX_BODY_BYTES, 10 * 1024 * 1024),
      functions: envInt(env.FUNCTIONS_MAX_BODY_BYTES, 10 * 1024 * 1024),
      auth: envInt(env.AUTH_MAX_BODY_BYTES, 64 * 1024),
      realtime: envInt(env.REALTIME_MAX_BODY_BYTES, 2 * 1024 * 1024),
      storageJson: envInt(env.STORAGE_MAX_JSON_BODY_BYTES, STORAGE_JSON_MAX_BYTES),
    },
    auth: {
      siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
      additionalRedirectUrls: strs(auth.additional_redirect_urls, []),
      jwtExpiry: num(auth.jwt_expiry, 3600),
      enableSignup: bool(auth.enable_signup, true),
      emailConfirmations: bool(email.enable_confirmations, false),
      minimumPasswordLength: num(auth.minimum_password_length, 6),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    },
    storage: {
      fileSizeLimit: parseSize(storage.file_size_limit, 50 * 1024 ** 2),
      imageTransformation:
        env.IMAGE_TRANSFORMATION_ENABLED !== undefined && env.IMAGE_TRANSFORMATION_ENABLED !== ''
          ? envBool(env.IMAGE_TRANSFORMATION_ENABLED)
          : bool(section(storage, 'image_transformation').enabled, true),
      buckets: Object.fromEntries(
        Object.entries(section(storage, 'buckets')).map(([name, raw]) => {
          const b = raw && typeof raw === 'object' ? (raw as Toml) : {};
          const limit =
            b.file_size_limit === undefined ? undefined : parseSize(b.file_size_limit, 0);
          return [
            name,
            {
              public: bool(b.public, false),
              fileSizeLimit: limit,
              allowedMimeTypes: Array.isArray(b.allowed_mime_types)
                ? strs(b.allowed_mime_types, [])
                : undefined,
              objectsPath:
                typeof b.objects_path === 'string'
                  ? path.resolve(supabaseDir, b.objects_path)
                  : undefined,
            },
          ];
        }),
      ),
    },
    seed: { enabled: bool(seed.enabled, true), sqlPaths: strs(seed.sql_paths, ['./seed.sql']) },
  };
}

/** Refuses the well-known secrets outside local development, as the issue requires. */
export function assertSafeSecrets(config: ServerConfig, env: NodeJS.ProcessEnv = process.env) {
  if (!config.usingWellKnownSecrets) return;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'Refusing to start: NODE_ENV=production with the well-known local JWT secret or keys. Set JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY, PUBLISHABLE_KEY and SECRET_KEY.',
    );
  }
  if (!isLoopback(config.host)) {
    throw new Error(
      `Refusing to start: binding ${config.host} (not loopback) with the well-known local JWT secret or keys. Set JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY, PUBLISHABLE_KEY and SECRET_KEY.`,
    );
  }
}
