// CORS as hosted Supabase answers it: any origin, the headers supabase-js sends, and the
// headers it reads (Content-Range for counts, X-Supabase-Api-Version).
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

const EXPOSE_HEADERS = [
  'content-range',
  'range-unit',
  'x-supabase-api-version',
  'content-location',
  'location',
  'preference-applied',
  'x-relay-error',
];

/** Preflights (OPTIONS): Hono's CORS middleware. */
const preflight = cors({
  origin: (origin) => origin || '*',
  credentials: true,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'authorization',
    'apikey',
    'content-type',
    'x-client-info',
    'x-supabase-api-version',
    'accept',
    'accept-profile',
    'content-profile',
    'prefer',
    'range',
    'range-unit',
    'x-upsert',
    'x-metadata',
    'cache-control',
    'x-region',
    'x-retry-count',
    'x-mutation-id',
  ],
  exposeHeaders: EXPOSE_HEADERS,
  maxAge: 86400,
});

const exposeHeaders = EXPOSE_HEADERS.join(',');

/** The headers every non-preflight API answer gets set (and `Vary: Origin` appended). */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': exposeHeaders,
  };
}

/**
 * Every other request gets the same headers Hono's middleware gives it, set on the response once
 * it exists. (Hono's middleware sets them on a placeholder response before the handler runs, so
 * the handler's response is copied into a new one to take them: a Web stream is made of the body
 * and read back, a large share of the time a small REST answer spends in Node.) A response whose
 * headers cannot change (one fetched from elsewhere) is copied, as Hono does. REST requests
 * served straight on node:http get the same headers there (rest/node-http.ts).
 */
export const supabaseCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return preflight(c, next);
  const origin = c.req.header('origin') || '*';
  await next();
  const set = (h: Headers) => {
    for (const [k, v] of Object.entries(corsHeaders(origin))) h.set(k, v);
    h.append('Vary', 'Origin');
  };
  try {
    set(c.res.headers);
  } catch {
    const res = c.res;
    c.res = undefined;
    c.res = new Response(res.body, res);
    set(c.res.headers);
  }
};
