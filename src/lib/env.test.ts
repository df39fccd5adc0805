import { describe, expect, it } from 'vitest';
import { ENV_HINT, EnvError, isLoopbackUrl, parseEnv, REQUIRED_ENV } from './env';

const valid = {
  VITE_SUPABASE_URL: 'https://abcd.supabase.co/',
  VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
  VITE_SUPABASE_PROJECT_ID: 'abcd',
  MODE: 'production',
  PROD: true,
  DEV: false,
};

describe('parseEnv', () => {
  it('accepts a complete environment and normalises it', () => {
    const env = parseEnv(valid);
    expect(env.supabaseUrl).toBe('https://abcd.supabase.co');
    expect(env.supabasePublishableKey).toBe('sb_publishable_x');
    expect(env.supabaseProjectId).toBe('abcd');
    expect(env.sentryDsn).toBeNull();
    expect(env.appVersion).toBe('dev');
    expect(env.isProduction).toBe(true);
    expect(env.isDevelopment).toBe(false);
    expect(env.isLocalBackend).toBe(false);
  });

  it('throws naming every missing variable, with the hint', () => {
    expect(() => parseEnv({ MODE: 'production' })).toThrowError(
      `Missing required environment variables: ${REQUIRED_ENV.join(', ')}. ${ENV_HINT}`,
    );
  });

  it('names only the variables that are missing or blank', () => {
    let error: unknown;
    try {
      parseEnv({
        ...valid,
        VITE_SUPABASE_PUBLISHABLE_KEY: '  ',
        VITE_SUPABASE_PROJECT_ID: undefined,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const e = error as EnvError;
    expect(e.message.startsWith('Missing required environment variables: ')).toBe(true);
    expect(e.missing).toEqual(['VITE_SUPABASE_PUBLISHABLE_KEY', 'VITE_SUPABASE_PROJECT_ID']);
    expect(e.message).not.toContain('VITE_SUPABASE_URL');
    expect(e.message).toContain('hosted project');
  });

  it('refuses a backend address that is not http(s)', () => {
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_URL: 'abcd.supabase.co' })).toThrowError(
      /Invalid environment variable VITE_SUPABASE_URL/,
    );
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_URL: 'ftp://x.example' })).toThrowError(
      /not an http\(s\) URL/,
    );
  });

  it('reads the optional variables', () => {
    const env = parseEnv({
      ...valid,
      VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
      VITE_SUPPORT_EMAIL: 'help@villas.example',
      VITE_APP_VERSION: '1.4.0',
    });
    expect(env.sentryDsn).toBe('https://key@o1.ingest.sentry.io/2');
    expect(env.supportEmail).toBe('help@villas.example');
    expect(env.appVersion).toBe('1.4.0');
    expect(() => parseEnv({ ...valid, VITE_SUPPORT_EMAIL: 'nobody' })).toThrowError(
      /VITE_SUPPORT_EMAIL/,
    );
  });

  it('tells development from production', () => {
    const dev = parseEnv({ ...valid, MODE: 'development', DEV: true, PROD: false });
    expect(dev.isDevelopment).toBe(true);
    expect(dev.isProduction).toBe(false);
  });

  it('marks a loopback backend as local (demo accounts may be offered)', () => {
    expect(parseEnv({ ...valid, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' }).isLocalBackend).toBe(
      true,
    );
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    ['http://127.0.0.1:54321', true],
    ['http://127.1.2.3', true],
    ['http://localhost:5173', true],
    ['http://[::1]:54321', true],
    ['https://abcd.supabase.co', false],
    ['http://10.0.0.5:54321', false],
    ['http://127.0.0.1.nip.io', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isLoopbackUrl(url)).toBe(expected);
  });
});
