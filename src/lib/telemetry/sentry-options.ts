// Error-reporting settings of docs/areas.md, spec §9, as a pure function of the environment.
import type { AppEnv } from '../env';

export interface SentrySettings {
  dsn: string;
  environment: string;
  release: string;
  /** 0.1 in production, 1 otherwise. */
  tracesSampleRate: number;
  /** Session replay: 0.1 of normal sessions, every session with an error. */
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  /** All text masked and all media blocked in replays. */
  maskAllText: true;
  blockAllMedia: true;
  /** Reporting is dropped in development. */
  dropEvents: boolean;
}

export function sentrySettings(env: AppEnv): SentrySettings | null {
  if (!env.sentryDsn) return null;
  return {
    dsn: env.sentryDsn,
    environment: env.mode,
    release: `arivia-ops@${env.appVersion}`,
    tracesSampleRate: env.isProduction ? 0.1 : 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    maskAllText: true,
    blockAllMedia: true,
    dropEvents: env.isDevelopment,
  };
}

/** The route pattern of a location, for naming navigation spans: /properties/:id/edit. */
export function routeName(matches: readonly { route: { path?: string } }[], pathname: string) {
  const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== '/');
  if (parts.length === 0) return pathname;
  return ('/' + parts.join('/')).replace(/\/{2,}/g, '/');
}

export const TRACKING_DISABLED_MESSAGE =
  'Error tracking disabled: no VITE_SENTRY_DSN configured, so error reporting is skipped.';
