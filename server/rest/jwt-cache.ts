// Verified JWTs, remembered until they expire (PostgREST's JWT cache): HS256 verification costs
// more than a simple query, and a client sends the same token with every request.
import type { JwtClaims, Keys } from '../gateway/keys.ts';

const MAX_ENTRIES = 1000;
/** Even a long-lived token is verified again after this long. */
const MAX_SECONDS = 300;

export function withJwtCache(keys: Keys): Keys {
  const cache = new Map<string, { claims: JwtClaims; until: number }>();
  return {
    ...keys,
    async verify(token) {
      const now = Date.now() / 1000;
      const hit = cache.get(token);
      if (hit && hit.until > now) return hit.claims;
      if (hit) cache.delete(token);
      // Failures are not remembered: they throw here every time.
      const claims = await keys.verify(token);
      const exp = typeof claims.exp === 'number' ? claims.exp : Infinity;
      cache.set(token, { claims, until: Math.min(exp, now + MAX_SECONDS) });
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      return claims;
    },
  };
}
