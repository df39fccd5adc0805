// What every auth route shares: the server's deps, the auth settings, and the rate limiters
// (GoTrue's limiterOpts: per client address for sign-ins, verifications and refreshes; per
// e-mail address for failed sign-ins and mail; per instance for mail sent per hour).
import type { Context } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';
import { AuthError } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { clientIp } from './request.ts';
import { trustedProxyList } from '../gateway/client-ip.ts';
import type { ClientInfo } from './sessions.ts';
import { loadAuthSettings, type AuthSettings } from './settings.ts';

const FIVE_MINUTES = 5 * 60_000;
const ONE_HOUR = 60 * 60_000;

export interface AuthService {
  deps: ServiceDeps;
  settings: AuthSettings;
  limitClient(c: Context, kind: 'sign_in' | 'verify' | 'refresh'): void;
  /** Refuses a sign-in to an address that failed too often recently. */
  checkFailedSignIns(email: string): void;
  recordFailedSignIn(email: string): void;
  /** One e-mail per address per max_frequency, whether or not the address has an account. */
  limitEmailAddress(email: string): void;
  /** The instance-wide e-mail budget, spent only when a message is really written. */
  takeEmailBudget(): void;
  client(c: Context): ClientInfo;
}

const overRequestLimit = () =>
  AuthError.tooManyRequests('over_request_rate_limit', 'Request rate limit reached');

export function createAuthService(deps: ServiceDeps): AuthService {
  const settings = loadAuthSettings(deps.config);
  const { rateLimits } = settings;
  const proxies = trustedProxyList(deps.config.trustedProxies);
  const perClient = {
    sign_in: new RateLimiter(rateLimits.signInSignUps, FIVE_MINUTES),
    verify: new RateLimiter(rateLimits.tokenVerifications, FIVE_MINUTES),
    refresh: new RateLimiter(rateLimits.tokenRefresh, FIVE_MINUTES),
  };
  const failedSignIns = new RateLimiter(rateLimits.failedSignInsPerAddress, FIVE_MINUTES);
  const mailPerAddress =
    settings.maxFrequency > 0 ? new RateLimiter(1, settings.maxFrequency * 1000) : null;
  const mailSent = new RateLimiter(rateLimits.emailSent, ONE_HOUR);

  return {
    deps,
    settings,
    limitClient(c, kind) {
      if (!perClient[kind].take(clientIp(c, proxies))) throw overRequestLimit();
    },
    checkFailedSignIns(email) {
      if (!failedSignIns.allows(email.toLowerCase())) throw overRequestLimit();
    },
    recordFailedSignIn(email) {
      failedSignIns.spend(email.toLowerCase());
    },
    limitEmailAddress(email) {
      if (!mailPerAddress) return;
      const key = email.toLowerCase();
      if (!mailPerAddress.take(key)) {
        const seconds = Math.max(1, Math.ceil(mailPerAddress.retryAfterMs(key) / 1000));
        throw AuthError.tooManyRequests(
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${seconds} seconds.`,
        );
      }
    },
    takeEmailBudget() {
      if (!mailSent.take('instance')) {
        throw AuthError.tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');
      }
    },
    client: (c) => ({ ip: clientIp(c, proxies), userAgent: c.req.header('user-agent') ?? '' }),
  };
}
