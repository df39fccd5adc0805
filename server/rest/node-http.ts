// /rest/v1 straight on node:http, beside the same handler under Hono. Hono and @hono/node-server
// turn each request into a Web Request and each answer into a Response and back, and route it
// through the mounted apps and the CORS middleware: per request a few tenths of the time a small
// REST answer spends in Node (bench/README.md, issue 17). A request this path can take is served
// here with the same handler (index.ts, serve) and written with exactly the headers the Hono path
// writes; anything else (a preflight, the OpenAPI root, a missing or unknown key, an unusual
// URL or Host) goes to Hono untouched. See docs/local-backend.md, "How a REST request is served".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lingeringClose, readCapped, readNodeCapped } from '../gateway/body-limit.ts';
import type { Context } from 'hono';
import { getQueryParam } from 'hono/utils/url';
import { corsHeaders } from '../gateway/cors.ts';
import type { RestResponse } from './response.ts';

/** One REST request, from Hono's context or from node:http. */
export interface RestCall {
  method: string;
  /** The absolute URL, as @hono/node-server builds it. */
  url: string;
  /** A request header (duplicates joined with ", ", as a Web Headers object does). */
  header: (name: string) => string | undefined;
  /** A query parameter, decoded as Hono's c.req.query does. */
  query: (name: string) => string | undefined;
  /** Every request header by lower-case name, in a Web Headers object's (sorted) order. */
  headers: () => Record<string, string>;
  text: () => Promise<string>;
  bytes: () => Promise<Uint8Array>;
  /** For the error log. */
  path: () => string;
  /** Close the connection once answered (a body refused half-read: gateway/body-limit.ts). */
  closeAfter: () => void;
}

/** An answer Hono writes with c.json (the gateway's 401s, the OpenAPI document). */
export class RestJson {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** `maxBody`: the body's byte limit (config.bodyLimits.rest); past it reading throws BodyTooLarge. */
export function contextCall(c: Context, maxBody: number): RestCall {
  let body: Promise<Uint8Array> | undefined;
  return {
    method: c.req.method,
    url: c.req.url,
    header: (name) => c.req.header(name),
    query: (name) => c.req.query(name),
    headers: () => {
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((v, k) => {
        headers[k] = v;
      });
      return headers;
    },
    // As c.req.text(): UTF-8, a leading byte order mark dropped, bad bytes replaced.
    text: async () =>
      new TextDecoder().decode(await (body ??= readCapped(c.req.raw.body, maxBody))),
    bytes: () => (body ??= readCapped(c.req.raw.body, maxBody)),
    path: () => c.req.path,
    closeAfter: () =>
      lingeringClose((c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket),
  };
}

// @hono/node-server's checks (buildUrl): a Host it takes as is, and a path it does not normalise.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const PLAIN_URL = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=UTF-8';

/**
 * Whether node:http may serve this request here: a plain `/rest/v1/<something>` URL and Host
 * (Hono would route it to the REST app, and build the same URL), not the OpenAPI root, and not
 * a preflight (Hono's CORS middleware answers those).
 */
function takes(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  if (!url.startsWith('/rest/v1/') || url.length === 9 || url[9] === '?') return false;
  if (req.method === 'OPTIONS' || (req.socket as { encrypted?: boolean }).encrypted) return false;
  const host = req.headers.host;
  return (
    host !== undefined && PLAIN_HOST.test(host) && PLAIN_URL.test(url) && !DOT_SEGMENT.test(url)
  );
}

/** The request's headers in a Web Headers object, built as @hono/node-server builds it. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!raw[i]!.startsWith(':')) headers.append(raw[i]!, raw[i + 1]!);
  }
  return headers;
}

function nodeCall(req: IncomingMessage, headers: Headers, maxBody: number): RestCall {
  const url = `http://${req.headers.host}${req.url}`;
  let body: Promise<Buffer> | undefined;
  return {
    method: req.method ?? 'GET',
    url,
    header: (name) => headers.get(name) ?? undefined,
    query: (name) => getQueryParam(url, name) as string | undefined,
    headers: () => {
      const out: Record<string, string> = {};
      headers.forEach((v, k) => {
        out[k] = v;
      });
      return out;
    },
    // As Response.text(): UTF-8, a leading byte order mark dropped, bad bytes replaced.
    text: async () => new TextDecoder().decode(await (body ??= readNodeCapped(req, maxBody))),
    bytes: async () => new Uint8Array(await (body ??= readNodeCapped(req, maxBody))),
    path: () => new URL(url).pathname,
    closeAfter: () => lingeringClose(req.socket),
  };
}

/**
 * Writes a REST answer as @hono/node-server writes the Response the Hono path makes of it: the
 * headers as a Headers object lists them (lower-case, sorted, the CORS headers set as
 * gateway/cors.ts sets them), a default Content-Type and the Content-Length when there is a body,
 * none of either for HEAD (Hono answers HEAD with the GET answer's headers and no body).
 */
function write(res: ServerResponse, r: RestResponse, origin: string, head: boolean): void {
  const headers = new Map<string, string>();
  const add = (k: string, v: string) => {
    const name = k.toLowerCase();
    const had = headers.get(name);
    headers.set(name, had === undefined ? v : `${had}, ${v}`);
  };
  for (const [k, v] of Object.entries(r.headers)) add(k, v);
  for (const [k, v] of Object.entries(corsHeaders(origin))) headers.set(k.toLowerCase(), v);
  add('vary', 'Origin');
  const body = head ? null : r.body;
  const out: Record<string, string | number> = {};
  for (const name of [...headers.keys()].sort()) out[name] = headers.get(name)!;
  if (body === null) {
    res.writeHead(r.status, out);
    res.end();
    return;
  }
  out['content-type'] ??= DEFAULT_CONTENT_TYPE;
  out['Content-Length'] = Buffer.byteLength(body);
  res.writeHead(r.status, out);
  res.end(body);
}

/**
 * The node:http request listener in front of Hono's (`fallback`): serves what `takes` accepts
 * with `serve`, and hands the rest, or a request `serve` leaves to Hono before reading its body
 * (a key the gateway refuses), to `fallback` untouched.
 */
export function nodeHandler(
  serve: (call: RestCall) => Promise<RestResponse | RestJson>,
  maxBody: number,
) {
  return (req: IncomingMessage, res: ServerResponse, fallback: () => void): void => {
    if (!takes(req)) return fallback();
    const headers = headersOf(req);
    const origin = headers.get('origin') || '*';
    const head = req.method === 'HEAD';
    const fail = (e: unknown) => {
      // As Hono's default error handler, behind the CORS headers.
      console.error(e);
      if (res.headersSent) return void res.destroy();
      const body = 'Internal Server Error';
      write(res, { status: 500, headers: {}, body }, origin, head);
    };
    serve(nodeCall(req, headers, maxBody))
      .then((out) => {
        if (out instanceof RestJson) return fallback();
        write(res, out, origin, head);
      })
      .catch(fail);
  };
}
