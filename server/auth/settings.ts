// The auth settings this module needs beyond ServerConfig.auth: the [auth.rate_limit] and
// [auth.email] keys of supabase/config.toml, named as the Supabase CLI names them. The gateway's
// config loader does not read them, so they are read here from the same file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { ServerConfig } from '../gateway/config.ts';
import { parseGoDuration } from './validation.ts';

export interface RateLimits {
  /** Sign-ups, password sign-ins and e-mail sending requests per 5 minutes per client (IP). */
  signInSignUps: number;
  /** /verify requests per 5 minutes per client. */
  tokenVerifications: number;
  /** Refresh-token grants per 5 minutes per client. */
  tokenRefresh: number;
  /** E-mails written to the outbox per hour, across all clients. */
  emailSent: number;
  /** Failed password sign-ins per 5 minutes per e-mail address (not a CLI key). */
  failedSignInsPerAddress: number;
}

export interface AuthSettings {
  rateLimits: RateLimits;
  /** Seconds an e-mailed link or code stays valid ([auth.email] otp_expiry). */
  otpExpiry: number;
  /** Minimum seconds between two e-mails to one address ([auth.email] max_frequency). */
  maxFrequency: number;
  otpLength: number;
  /** `[auth] enable_anonymous_sign_ins` (off by default, as in the CLI's config). */
  anonymousSignIns: boolean;
}

// Generous enough that a whole test suite signing in hundreds of times from one loopback
// address never trips them; projects tighten them in config.toml as on hosted Supabase.
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInSignUps: 1000,
  tokenVerifications: 1000,
  tokenRefresh: 3000,
  emailSent: 1000,
  failedSignInsPerAddress: 10,
};

type Toml = Record<string, unknown>;

function table(t: Toml, ...keys: string[]): Toml {
  let cur: unknown = t;
  for (const k of keys) cur = cur && typeof cur === 'object' ? (cur as Toml)[k] : undefined;
  return cur && typeof cur === 'object' ? (cur as Toml) : {};
}

const positive = (v: unknown, d: number) => (typeof v === 'number' && v > 0 ? v : d);

function seconds(v: unknown, d: number): number {
  if (typeof v === 'number' && v >= 0) return v;
  if (typeof v === 'string') {
    const ms = parseGoDuration(v);
    if (ms !== null && ms >= 0) return ms / 1000;
  }
  return d;
}

export function loadAuthSettings(config: ServerConfig): AuthSettings {
  const file = path.join(config.supabaseDir, 'config.toml');
  let toml: Toml = {};
  if (existsSync(file)) {
    try {
      toml = parseToml(readFileSync(file, 'utf8'));
    } catch {
      // The gateway's loader already reports a broken file; defaults keep auth usable.
      toml = {};
    }
  }
  const rate = table(toml, 'auth', 'rate_limit');
  const email = table(toml, 'auth', 'email');
  return {
    rateLimits: {
      signInSignUps: positive(rate.sign_in_sign_ups, DEFAULT_RATE_LIMITS.signInSignUps),
      tokenVerifications: positive(
        rate.token_verifications,
        DEFAULT_RATE_LIMITS.tokenVerifications,
      ),
      tokenRefresh: positive(rate.token_refresh, DEFAULT_RATE_LIMITS.tokenRefresh),
      emailSent: positive(rate.email_sent, DEFAULT_RATE_LIMITS.emailSent),
      failedSignInsPerAddress: DEFAULT_RATE_LIMITS.failedSignInsPerAddress,
    },
    otpExpiry: positive(email.otp_expiry, 3600),
    maxFrequency: seconds(email.max_frequency, 60),
    otpLength: Math.min(10, Math.max(6, positive(email.otp_length, 6))),
    anonymousSignIns: table(toml, 'auth').enable_anonymous_sign_ins === true,
  };
}
