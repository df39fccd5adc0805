// Error reporting with @sentry/react, loaded only when a DSN is configured so the sign-in screen
// does not carry it. Route changes are reported as navigation spans named by route pattern.
import type { AppEnv } from '../env';
import { routeName, sentrySettings, TRACKING_DISABLED_MESSAGE } from './sentry-options';

type SentryModule = typeof import('@sentry/react');

interface RouterLike {
  state: { location: { pathname: string }; matches: { route: { path?: string } }[] };
  subscribe: (
    fn: (state: {
      location: { pathname: string };
      matches: { route: { path?: string } }[];
    }) => void,
  ) => () => void;
}

let sentry: SentryModule | null = null;

export async function startErrorReporting(env: AppEnv, router: RouterLike): Promise<void> {
  const settings = sentrySettings(env);
  if (!settings) {
    console.info(TRACKING_DISABLED_MESSAGE);
    return;
  }
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    integrations: [
      Sentry.browserTracingIntegration({ instrumentNavigation: false }),
      Sentry.replayIntegration({
        maskAllText: settings.maskAllText,
        blockAllMedia: settings.blockAllMedia,
      }),
    ],
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    beforeSend: (event) => (settings.dropEvents ? null : event),
    beforeSendTransaction: (event) => (settings.dropEvents ? null : event),
  });
  sentry = Sentry;
  let last = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === last) return;
    last = state.location.pathname;
    const client = Sentry.getClient();
    if (!client) return;
    Sentry.startBrowserTracingNavigationSpan(client, {
      name: routeName(state.matches, state.location.pathname),
      op: 'navigation',
      attributes: { 'sentry.source': 'route' },
    });
  });
}

export function reportError(error: unknown): void {
  sentry?.captureException(error);
}

export function reportMeasurement(name: string, value: number, unit: string): void {
  if (!sentry) return;
  sentry.setMeasurement(name, value, unit);
  sentry.addBreadcrumb({ category: 'web-vital', message: `${name}: ${value}`, level: 'info' });
}
