// Fetching a channel's iCal export without trusting it: http(s) only, public addresses only (the
// host of every hop is resolved and checked, and the connection goes to the checked address:
// pinned-http.ts; at most 5 redirect hops), one deadline for connecting, redirects and reading the body, a size cap
// enforced while reading (a missing or lying Content-Length does not help), and the content type
// a calendar is served with (text/calendar, or text/plain which some exporters use). Failures are
// HttpErrors with a status that says whose fault it was: 4xx the URL or the feed's content, 502 /
// 504 the feed's server.
import { HttpError } from '../_shared/http.ts';
import { STRICT, type AddressPolicy } from './address.ts';
import { pinnedGet, resolveChecked } from './pinned-http.ts';

export interface FeedLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const FEED_LIMITS: FeedLimits = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};

const CALENDAR_TYPES = new Set(['text/calendar', 'text/plain']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** http(s) URL or a 400 that says why not. */
export function feedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw new HttpError(400, 'invalid_url', 'The feed URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(
      400,
      'unsupported_url',
      `Only http and https feed URLs are fetched, not ${url.protocol}`,
    );
  }
  return url;
}

/** Reads a body as UTF-8 text, refusing (413) as soon as it passes maxBytes. */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, 'feed_too_large', `The calendar is larger than ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
}

export interface FetchedFeed {
  text: string;
  url: string;
  contentType: string;
}

export async function fetchFeed(
  raw: string,
  limits: FeedLimits = FEED_LIMITS,
  policy: AddressPolicy = STRICT,
): Promise<FetchedFeed> {
  let url = feedUrl(raw);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      let res: Response;
      // Refused (400) before any connection when the host is, or resolves to, a local address.
      const address = await resolveChecked(url, policy);
      try {
        res = await pinnedGet({
          url,
          address,
          signal,
          headers: {
            Accept: 'text/calendar, text/plain;q=0.9',
            'User-Agent': 'Arivia-Ops-iCal-Import/1.0',
          },
        });
      } catch (e) {
        if (isAbort(e)) throw e;
        throw new HttpError(502, 'feed_unreachable', `Could not connect to ${url.host}`);
      }
      if (REDIRECTS.has(res.status)) {
        await res.body?.cancel().catch(() => undefined);
        const location = res.headers.get('location');
        if (!location)
          throw new HttpError(
            502,
            'feed_unavailable',
            `The feed answered ${res.status} without a Location`,
          );
        if (hop >= limits.maxRedirects) {
          throw new HttpError(
            502,
            'too_many_redirects',
            `The feed redirected more than ${limits.maxRedirects} times`,
          );
        }
        url = feedUrl(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(502, 'feed_unavailable', `The feed answered HTTP ${res.status}`);
      }
      const contentType = (res.headers.get('content-type') ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!CALENDAR_TYPES.has(contentType)) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(
          415,
          'not_a_calendar',
          `The feed is served as ${contentType || 'an unknown type'}, not text/calendar`,
        );
      }
      const declared = Number(res.headers.get('content-length') ?? 'NaN');
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(
          413,
          'feed_too_large',
          `The calendar is larger than ${limits.maxBytes} bytes`,
        );
      }
      let text: string;
      try {
        text = await readLimited(res.body, limits.maxBytes);
      } catch (e) {
        if (e instanceof HttpError || isAbort(e)) throw e;
        throw new HttpError(502, 'feed_unavailable', 'The feed broke off while sending');
      }
      return {
        text,
        url: url.toString(),
        contentType,
      };
    }
  } catch (e) {
    if (isAbort(e)) {
      throw new HttpError(
        504,
        'feed_timeout',
        `The feed did not answer within ${limits.timeoutMs / 1000} s`,
      );
    }
    throw e;
  }
}
