// The most rows one write request may carry (config.api.maxWriteRows, env API_MAX_WRITE_ROWS,
// default 1000): a bulk POST of 20,000 rows would hold the database (and its lock table) for
// seconds. Refused before any SQL runs, with 413 in PostgREST's error shape. See
// docs/server-hardening.md.
import { RestError } from './errors.ts';

export const TOO_MANY_ROWS = 'PGRST413';

/** Rows in a JSON array body (a lone object is one row) or in a CSV body (lines after the header). */
function rowCount(body: string, contentType: string | undefined): number {
  if (/^\s*text\/csv/i.test(contentType ?? '')) {
    const lines = body.split(/\r?\n/).filter((l) => l.trim() !== '');
    return Math.max(0, lines.length - 1);
  }
  const t = body.trimStart();
  if (!t.startsWith('[')) return 1;
  try {
    const v: unknown = JSON.parse(t);
    return Array.isArray(v) ? v.length : 1;
  } catch {
    // Malformed JSON: the request's own parser answers it.
    return 0;
  }
}

/** Throws 413 PGRST413 when a table write (not an RPC call) carries more than `max` rows. */
export function assertWriteRows(
  req: { method: string; path: string; body?: string; header(name: string): string | undefined },
  max: number,
): void {
  if (req.body === undefined || (req.method !== 'POST' && req.method !== 'PATCH')) return;
  if (/^\/?rpc\//.test(req.path)) return;
  const rows = rowCount(req.body, req.header('content-type'));
  if (rows > max) {
    throw new RestError(
      413,
      TOO_MANY_ROWS,
      `The request writes ${rows} rows; one request may write at most ${max}`,
      null,
      `Send the rows in batches of at most ${max}.`,
    );
  }
}
