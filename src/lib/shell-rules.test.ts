// The numbers and rules of docs/areas.md, spec §4 and §9 that the shell implements as pure functions.
import { describe, expect, it } from 'vitest';
import { isExpiredLink, parseAuthRedirect } from './auth-redirect';
import { errorText, supportMailto } from './error-report';
import { firstNameOf, greetingFor, initialsOf } from './format';
import { NAV_GROUPS, visibleNav } from './navigation';
import { retryDelay, shouldRetry } from './query-client';
import { routeEntries } from './routes';
import { readSidebarCookie } from './sidebar-state';
import { routeName, sentrySettings } from './telemetry/sentry-options';
import { appendVital, readVitals, type StoredVital } from './telemetry/web-vitals';
import { parseTheme, readStoredTheme, resolveTheme } from './theme';
import { parseEnv } from './env';

describe('data-fetching defaults', () => {
  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries 3 times what may be transient, never a deliberate refusal', () => {
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, network))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, { code: 'UNEXPECTED_ERROR' })).toBe(true);
    expect(shouldRetry(0, { code: '42501' })).toBe(false);
    expect(shouldRetry(0, { code: 'PGRST116' })).toBe(false);
    expect(shouldRetry(0, { code: 'NO_DATA' })).toBe(false);
    expect(shouldRetry(0, { code: '57014' })).toBe(true);
  });
});

describe('auth links', () => {
  it('reads a recovery link and an expired one', () => {
    const ok = parseAuthRedirect('#access_token=a&refresh_token=b&type=recovery');
    expect(ok.type).toBe('recovery');
    expect(isExpiredLink(ok)).toBe(false);
    const expired = parseAuthRedirect(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(isExpiredLink(expired)).toBe(true);
    expect(expired.errorDescription).toBe('Email link is invalid or has expired');
    expect(
      isExpiredLink(parseAuthRedirect('', '?error=access_denied&error_code=otp_expired')),
    ).toBe(true);
    expect(isExpiredLink(parseAuthRedirect(''))).toBe(false);
  });
});

describe('sidebar cookie', () => {
  it('is read back from sidebar:state as a boolean', () => {
    expect(readSidebarCookie('a=1; sidebar:state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar:state=true')).toBe(true);
    expect(readSidebarCookie('sidebar_state=false')).toBeUndefined();
    expect(readSidebarCookie('')).toBeUndefined();
  });
});

describe('theme', () => {
  it('defaults to system and resolves it from the OS setting', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('purple')).toBe('system');
    expect(parseTheme('dark')).toBe('dark');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(readStoredTheme({ getItem: () => 'light' })).toBe('light');
    expect(
      readStoredTheme({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('system');
  });
});

describe('web vitals', () => {
  const vital = (i: number): StoredVital => ({
    name: 'LCP',
    value: i,
    rating: 'good',
    id: `v${i}`,
    path: '/',
    timestamp: new Date(0).toISOString(),
  });

  it('keeps the last 50 under web-vitals', () => {
    let list: StoredVital[] = [];
    for (let i = 0; i < 60; i++) list = appendVital(list, vital(i));
    expect(list).toHaveLength(50);
    expect(list[0]!.value).toBe(10);
    expect(list[49]!.value).toBe(59);
  });

  it('reads back what is stored, and survives garbage', () => {
    expect(readVitals({ getItem: () => JSON.stringify([vital(1)]) })).toEqual([vital(1)]);
    expect(readVitals({ getItem: () => '{not json' })).toEqual([]);
    expect(readVitals({ getItem: () => null })).toEqual([]);
  });
});

describe('error reporting settings (docs/areas.md, spec §9)', () => {
  const base = {
    VITE_SUPABASE_URL: 'https://x.supabase.co',
    VITE_SUPABASE_PUBLISHABLE_KEY: 'k',
    VITE_SUPABASE_PROJECT_ID: 'x',
  };

  it('is off without a DSN', () => {
    expect(sentrySettings(parseEnv({ ...base, MODE: 'production', PROD: true }))).toBeNull();
  });

  it('samples traces at 0.1 in production, replays 0.1 / 1 on error, masks everything', () => {
    const s = sentrySettings(
      parseEnv({
        ...base,
        VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1',
        MODE: 'production',
        PROD: true,
      }),
    )!;
    expect(s.tracesSampleRate).toBe(0.1);
    expect(s.replaysSessionSampleRate).toBe(0.1);
    expect(s.replaysOnErrorSampleRate).toBe(1);
    expect(s.maskAllText).toBe(true);
    expect(s.blockAllMedia).toBe(true);
    expect(s.dropEvents).toBe(false);
    expect(s.release).toBe('arivia-ops@dev');
  });

  it('samples every trace outside production and drops events in development', () => {
    const s = sentrySettings(
      parseEnv({
        ...base,
        VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1',
        MODE: 'development',
        DEV: true,
      }),
    )!;
    expect(s.tracesSampleRate).toBe(1);
    expect(s.dropEvents).toBe(true);
  });

  it('names navigations by route pattern', () => {
    expect(
      routeName(
        [
          { route: {} },
          { route: { path: '/' } },
          { route: {} },
          { route: { path: 'properties/:id/edit' } },
        ],
        '/properties/42/edit',
      ),
    ).toBe('/properties/:id/edit');
    expect(routeName([{ route: {} }], '/')).toBe('/');
  });
});

describe('error screen details', () => {
  it('names the error and mails support with the subject Error Report', () => {
    expect(errorText(new TypeError('x is undefined'))).toBe('TypeError: x is undefined');
    expect(errorText({ status: 404, statusText: 'Not Found' })).toBe('404 Not Found');
    expect(errorText('plain')).toBe('plain');
    const href = supportMailto('support@villa.example', 'TypeError: x', 'http://h/p');
    expect(href.startsWith('mailto:support@villa.example?subject=Error%20Report&body=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Error: TypeError: x');
  });
});

describe('navigation', () => {
  const titles = (roles: string[], permissions: string[] = []) =>
    visibleNav({ signedIn: true, roles, permissions }).flatMap((g) => g.areas.map((a) => a.title));

  it('offers a user with no role only the dashboard', () => {
    expect(titles([])).toEqual(['Dashboard']);
  });

  it('offers field staff their areas, managers management, admins administration', () => {
    const field = ['properties.view', 'housekeeping.view', 'maintenance.view', 'chat.use'];
    // Each role's menu holds what it uses (docs/areas.md "Each role's menu"): a housekeeper's
    // route under its own name and no work-order board; a technician's work orders, no cleans.
    const housekeeper = titles(['housekeeper'], [...field, 'housekeeping.complete']);
    expect(housekeeper).toEqual(['Dashboard', 'Properties', 'My route', 'Team Chat']);
    const technician = titles(['technician'], [...field, 'maintenance.work']);
    expect(technician).toEqual(['Dashboard', 'Properties', 'Maintenance', 'Team Chat']);
    const manager = ['housekeeping.manage', 'maintenance.manage', 'properties.view'];
    expect(titles(['manager'], manager)).toEqual(
      expect.arrayContaining(['Housekeeping', 'Maintenance']),
    );
    expect(titles(['manager'])).toEqual(
      expect.arrayContaining(['Checklists', 'Cleaning Settings', 'Recurring Tasks']),
    );
    expect(titles(['manager'])).not.toContain('Users');
    expect(titles(['admin'])).toEqual(
      expect.arrayContaining(['Checklists', 'Users', 'System Health']),
    );
  });

  it("sends to a path of the table when a screen is another role's", () => {
    const known = routeEntries.map(([, r]) => r.path);
    const sent = routeEntries.flatMap(([, r]) => (r.elsewhere ? [r.elsewhere.to] : []));
    expect(sent).toEqual(['/maintenance']);
    for (const to of sent) expect(known).toContain(to);
  });

  it('lists every route of the table that has a screen of its own', () => {
    expect(NAV_GROUPS.flatMap((g) => g.areas.map((a) => a.path))).toEqual([
      '/',
      '/properties',
      '/housekeeping',
      '/maintenance',
      '/inventory',
      '/team-chat',
      '/analytics',
      '/checklists',
      '/cleaning-settings',
      '/recurring-tasks',
      '/admin',
      '/admin/users',
      '/admin/roles',
      '/admin/permissions',
      '/admin/settings',
      '/admin/health',
      '/profile',
      '/settings',
    ]);
  });
});

describe('names', () => {
  it('makes initials, first names and a greeting', () => {
    expect(initialsOf('Eleni Papadaki', 'a@b.c')).toBe('EP');
    expect(initialsOf('  maria ', null)).toBe('M');
    expect(initialsOf('', 'nikos@x.gr')).toBe('N');
    expect(firstNameOf('Giorgos Markakis')).toBe('Giorgos');
    expect(greetingFor(8)).toBe('Good morning');
    expect(greetingFor(14)).toBe('Good afternoon');
    expect(greetingFor(21)).toBe('Good evening');
  });
});
