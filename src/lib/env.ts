// Start-up environment validation (docs/areas.md, spec §8): a pure function over the raw variables, so
// it can be tested without a bundler. `app-env.ts` applies it to import.meta.env once.

/** The variables the app cannot start without. */
export const REQUIRED_ENV = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_PUBLISHABLE_KEY',
  'VITE_SUPABASE_PROJECT_ID',
] as const;

export const ENV_HINT =
  'Configure the Supabase backend: for a hosted project put its URL, publishable key and project id in .env ' +
  '(see README.md, "Pointing the app at hosted Supabase"); for the local backend run `npm start`, which provides them.';

export const DEFAULT_SUPPORT_EMAIL = 'support@arivia.local';

export interface AppEnv {
  supabaseUrl: string;
  supabasePublishableKey: string;
  supabaseProjectId: string;
  /** Error reporting is on only when a DSN is configured. */
  sentryDsn: string | null;
  supportEmail: string;
  appVersion: string;
  /** 'development' under `vite`, 'production' in a build. */
  mode: string;
  isProduction: boolean;
  isDevelopment: boolean;
  /** The backend is on this machine (127.x, localhost, [::1]): the demo accounts may be offered. */
  isLocalBackend: boolean;
}

export type RawEnv = Record<string, string | boolean | undefined>;

export class EnvError extends Error {
  readonly missing: readonly string[];
  constructor(message: string, missing: readonly string[] = []) {
    super(message);
    this.name = 'EnvError';
    this.missing = missing;
  }
}

function text(raw: RawEnv, name: string): string {
  const v = raw[name];
  return typeof v === 'string' ? v.trim() : '';
}

/** Is the host of this URL a loopback address? */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function parseEnv(raw: RawEnv): AppEnv {
  const missing = REQUIRED_ENV.filter((name) => text(raw, name) === '');
  if (missing.length > 0) {
    throw new EnvError(
      `Missing required environment variables: ${missing.join(', ')}. ${ENV_HINT}`,
      missing,
    );
  }
  const supabaseUrl = text(raw, 'VITE_SUPABASE_URL').replace(/\/+$/, '');
  let protocol = '';
  try {
    protocol = new URL(supabaseUrl).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new EnvError(
      `Invalid environment variable VITE_SUPABASE_URL: "${supabaseUrl}" is not an http(s) URL. ${ENV_HINT}`,
    );
  }
  const supportEmail = text(raw, 'VITE_SUPPORT_EMAIL') || DEFAULT_SUPPORT_EMAIL;
  if (!EMAIL.test(supportEmail)) {
    throw new EnvError(
      `Invalid environment variable VITE_SUPPORT_EMAIL: "${supportEmail}" is not an e-mail address.`,
    );
  }
  const mode = text(raw, 'MODE') || 'production';
  return {
    supabaseUrl,
    supabasePublishableKey: text(raw, 'VITE_SUPABASE_PUBLISHABLE_KEY'),
    supabaseProjectId: text(raw, 'VITE_SUPABASE_PROJECT_ID'),
    sentryDsn: text(raw, 'VITE_SENTRY_DSN') || null,
    supportEmail,
    appVersion: text(raw, 'VITE_APP_VERSION') || 'dev',
    mode,
    isProduction: raw.PROD === true || mode === 'production',
    isDevelopment: raw.DEV === true && mode === 'development',
    isLocalBackend: isLoopbackUrl(supabaseUrl),
  };
}
