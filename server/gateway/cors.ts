// CORS as hosted Supabase answers it: any origin, the headers supabase-js sends, and the
// headers it reads (Content-Range for counts, X-Supabase-Api-Version).
import { cors } from 'hono/cors';

export const supabaseCors = cors({
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
  exposeHeaders: [
    'content-range',
    'range-unit',
    'x-supabase-api-version',
    'content-location',
    'location',
    'preference-applied',
    'x-relay-error',
  ],
  maxAge: 86400,
});
