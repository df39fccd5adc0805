// JSON answers of our functions: `{ data }` on success, `{ error: { code, message } }` with an
// HTTP status otherwise, which functions-js surfaces as FunctionsHttpError (context = Response).
import { corsHeaders } from './cors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

export const ok = (data: unknown) => json({ data });

export function errorResponse(e: unknown): Response {
  if (e instanceof HttpError) {
    return json({ error: { code: e.code, message: e.message } }, e.status);
  }
  console.error(e);
  return json({ error: { code: 'internal_error', message: 'Internal Server Error' } }, 500);
}
