// Where e-mail links may send the browser: GoTrue's utilities.IsRedirectURLValid and
// GetReferrer. A redirect is allowed back to the site (same scheme and host; any port on
// loopback) or when it matches a glob of additional_redirect_urls, compiled as gobwas/glob does
// with '.' and '/' as separators (`*` stops at them, `**` does not).
import type { Context } from 'hono';
import type { ServerConfig } from '../gateway/config.ts';

function globToRegExp(glob: string): RegExp {
  let re = '';
  let i = 0;
  let inBraces = 0;
  while (i < glob.length) {
    const ch = glob[i]!;
    if (ch === '\\' && i + 1 < glob.length) {
      re += glob[i + 1]!.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      i += 2;
      continue;
    }
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i += 2;
      } else {
        re += '[^./]*';
        i += 1;
      }
      continue;
    }
    if (ch === '?') re += '[^./]';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) re += '\\[';
      else {
        let body = glob.slice(i + 1, end);
        const negate = body.startsWith('!');
        if (negate) body = body.slice(1);
        re += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
        i = end + 1;
        continue;
      }
    } else if (ch === '{') {
      inBraces += 1;
      re += '(?:';
    } else if (ch === '}' && inBraces > 0) {
      inBraces -= 1;
      re += ')';
    } else if (ch === ',' && inBraces > 0) re += '|';
    else re += ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    i += 1;
  }
  if (inBraces > 0) return /$^/; // an unbalanced pattern matches nothing
  return new RegExp(`^${re}$`);
}

const globCache = new Map<string, RegExp>();
function matches(glob: string, value: string): boolean {
  let re = globCache.get(glob);
  if (!re) {
    re = globToRegExp(glob);
    globCache.set(glob, re);
  }
  return re.test(value);
}

const isLoopbackHost = (h: string) =>
  h === 'localhost' || h === '[::1]' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);

export function isRedirectUrlValid(config: ServerConfig, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  // Control characters and spaces are never part of a URL; browsers strip some of them and would
  // then resolve a different address than the one checked here.
  if ([...redirectUrl].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)) {
    return false;
  }
  let base: URL;
  let ref: URL;
  try {
    base = new URL(config.auth.siteUrl);
    ref = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (
    base.hostname === ref.hostname &&
    base.protocol === ref.protocol &&
    (base.port === ref.port || isLoopbackHost(ref.hostname))
  ) {
    return true;
  }
  const withoutFragment = redirectUrl.split('#')[0]!;
  return config.auth.additionalRedirectUrls.some((glob) => matches(glob, withoutFragment));
}

/** GoTrue's GetReferrer: redirect_to if allowed, else an allowed Referer, else site_url. */
export function referrer(c: Context, config: ServerConfig, redirectTo?: string): string {
  const candidate = redirectTo ?? c.req.header('redirect_to') ?? c.req.query('redirect_to') ?? '';
  if (isRedirectUrlValid(config, candidate)) return candidate;
  const ref = c.req.header('referer') ?? '';
  if (isRedirectUrlValid(config, ref)) return ref;
  return config.auth.siteUrl;
}
