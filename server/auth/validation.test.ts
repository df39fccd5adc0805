// Pure helpers of the auth module: redirect allow-list globs, Go durations, e-mail format and
// the token-bucket limiter (driven by an explicit clock).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../gateway/config.ts';
import { RateLimiter } from './rate-limit.ts';
import { isRedirectUrlValid } from './redirects.ts';
import { parseGoDuration, validateEmail } from './validation.ts';

describe('isRedirectUrlValid', () => {
  const config = loadConfig({ env: {} });
  config.auth.siteUrl = 'https://ops.arivia.example';
  config.auth.additionalRedirectUrls = [
    'http://localhost:3000/**',
    'https://*.preview.arivia.example/*',
    'myapp://{callback,reset}',
  ];

  it('allows the site and its pages', () => {
    expect(isRedirectUrlValid(config, 'https://ops.arivia.example/reset-password')).toBe(true);
    expect(isRedirectUrlValid(config, 'http://ops.arivia.example/')).toBe(false);
    expect(isRedirectUrlValid(config, 'https://ops.arivia.example:8443/')).toBe(false);
  });

  it('matches globs with . and / as separators', () => {
    expect(isRedirectUrlValid(config, 'http://localhost:3000/a/b/c?x=1')).toBe(true);
    expect(isRedirectUrlValid(config, 'https://pr-12.preview.arivia.example/reset')).toBe(true);
    // `*` does not cross a dot or a slash.
    expect(isRedirectUrlValid(config, 'https://evil.com.preview.arivia.example/x')).toBe(false);
    expect(isRedirectUrlValid(config, 'https://pr-1.preview.arivia.example/a/b')).toBe(false);
    expect(isRedirectUrlValid(config, 'myapp://reset')).toBe(true);
    expect(isRedirectUrlValid(config, 'myapp://other')).toBe(false);
  });

  it('refuses look-alikes, control characters and junk', () => {
    expect(isRedirectUrlValid(config, 'https://ops.arivia.example.evil.com/')).toBe(false);
    expect(isRedirectUrlValid(config, '\thttps://ops.arivia.example/')).toBe(false);
    expect(isRedirectUrlValid(config, 'javascript:alert(1)')).toBe(false);
    expect(isRedirectUrlValid(config, '')).toBe(false);
    expect(isRedirectUrlValid(config, 'not a url')).toBe(false);
  });
});

describe('parseGoDuration', () => {
  it('reads what time.ParseDuration reads', () => {
    expect(parseGoDuration('876000h')).toBe(876000 * 3_600_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('-2m')).toBe(-120_000);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('forever')).toBeNull();
    expect(parseGoDuration('10')).toBeNull();
    expect(parseGoDuration('')).toBeNull();
  });
});

describe('validateEmail', () => {
  it('lower-cases valid addresses and refuses others with GoTrue messages', () => {
    expect(validateEmail('Eleni@Arivia.Example')).toBe('eleni@arivia.example');
    expect(() => validateEmail('no-at-sign')).toThrow(
      'Unable to validate email address: invalid format',
    );
    expect(() => validateEmail('')).toThrow('An email address is required');
    expect(() => validateEmail(`${'a'.repeat(250)}@x.example`)).toThrow('too long');
  });
});

describe('RateLimiter', () => {
  it('spends and refills a bucket per key', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, true]);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('b')).toBe(true);
    expect(limiter.retryAfterMs('a')).toBe(20_000);
    now += 20_000;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    now += 10 * 60_000;
    expect(limiter.allows('a')).toBe(true);
  });
});
