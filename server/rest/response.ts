// The statement's one result row → PostgREST's HTTP answer: status (200/201/204/206/406/416),
// Content-Range, Preference-Applied, Location, Content-Type, and the overrides a function may
// set through the response.status / response.headers settings (PostgREST's Response.hs).
import { RestError, invalidRange, singularityError, type ErrorBody } from './errors.ts';
import { appliedPreferences, contentTypeFor } from './preferences.ts';
import type { PreparedRequest } from './request.ts';

export interface ResultRow {
  total: number | string | null;
  page_total: number | string;
  body: string;
  response_headers: string | null;
  response_status: string | null;
  location?: string | null;
  /** Rows an upsert inserted (the others were merged into existing rows). */
  inserted?: number | string | null;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function errorResponse(e: RestError): RestResponse {
  const body: ErrorBody = e.body;
  return {
    status: e.status,
    headers: { 'Content-Type': JSON_TYPE, ...e.headers },
    body: JSON.stringify(body),
  };
}

/** Checks that must roll the transaction back when they fail (PostgREST does them in-transaction). */
export function checkInTransaction(p: PreparedRequest, row: ResultRow): void {
  const affected = Number(row.total ?? 0);
  const pageTotal = Number(row.page_total);
  if (p.singular) {
    const n = p.action === 'read' || p.action === 'call' ? pageTotal : affected;
    if (n !== 1) throw singularityError(n);
  }
  if (
    p.prefs.handling === 'strict' &&
    p.prefs.maxAffected !== undefined &&
    // On RPC (PostgREST 12.1+) the rows the function returned count as affected.
    (p.action === 'update' || p.action === 'delete' || p.action === 'call') &&
    affected > p.prefs.maxAffected
  ) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}

function contentRange(lower: number, count: number, total: number | null): string {
  const upper = lower + count - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

function applyOverrides(res: RestResponse, row: ResultRow): RestResponse {
  if (row.response_status !== null) {
    const n = Number(row.response_status);
    if (!Number.isInteger(n) || n < 100 || n > 599) {
      throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    }
    res.status = n;
  }
  if (row.response_headers !== null) {
    const bad = () =>
      new RestError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      throw bad();
    }
    if (!Array.isArray(parsed)) throw bad();
    for (const h of parsed) {
      if (!h || typeof h !== 'object' || Array.isArray(h)) throw bad();
      const entries = Object.entries(h as Record<string, unknown>);
      if (entries.length !== 1) throw bad();
      const [k, v] = entries[0]!;
      if (typeof v !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) || /[\r\n]/.test(v)) {
        throw bad();
      }
      res.headers = Object.fromEntries(
        Object.entries(res.headers).filter(([e]) => e.toLowerCase() !== k.toLowerCase()),
      );
      res.headers[k] = v;
    }
  }
  return res;
}

function locationHeader(p: PreparedRequest, row: ResultRow): string | undefined {
  if (!row.location) return undefined;
  const values = JSON.parse(row.location) as Record<string, unknown>;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    q.append(
      k,
      v === null ? 'is.null' : `eq.${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    );
  }
  return `/${encodeURIComponent(p.relationName)}?${q.toString()}`;
}

export function buildResponse(p: PreparedRequest, row: ResultRow): RestResponse {
  const headers: Record<string, string> = {};
  if (p.profileHeader) headers['Content-Profile'] = p.profileHeader;
  const affected = Number(row.total ?? 0);
  const pageTotal = Number(row.page_total);
  const body = row.body;
  const withBody = (status: number): RestResponse => {
    headers['Content-Type'] = contentTypeFor(p.media);
    return { status, headers, body: p.headOnly ? null : body };
  };
  const prefer = (which: Parameters<typeof appliedPreferences>[1]) => {
    const v = appliedPreferences(p.prefs, which);
    if (v) headers['Preference-Applied'] = v;
  };

  switch (p.action) {
    case 'read':
    case 'call': {
      prefer({ count: true, maxAffected: p.action === 'call' });
      if (p.returnsVoid) return applyOverrides({ status: 204, headers, body: null }, row);
      const total = p.countRequested && row.total !== null ? Number(row.total) : null;
      const lower = p.offset;
      headers['Content-Range'] = contentRange(lower, pageTotal, total);
      let status = 200;
      if (total !== null) {
        if (lower > total) {
          const err = invalidRange(
            `An offset of ${lower} was requested, but there are only ${total} rows.`,
          );
          return applyOverrides(
            {
              status: 416,
              headers: { ...headers, 'Content-Type': JSON_TYPE },
              body: JSON.stringify(err.body),
            },
            row,
          );
        }
        if (pageTotal < total) status = 206;
      }
      return applyOverrides(withBody(status), row);
    }
    case 'insert': {
      prefer({
        resolution: p.upsert,
        return: true,
        count: true,
        missing: true,
      });
      headers['Content-Range'] = contentRange(1, 0, p.countRequested ? affected : null);
      const loc = p.prefs.return === 'headers-only' ? locationHeader(p, row) : undefined;
      if (loc) headers.Location = loc;
      // PostgREST: 200 when a merging upsert only updated existing rows.
      const created =
        row.inserted === undefined || row.inserted === null || Number(row.inserted) > 0;
      const status = created ? 201 : 200;
      if (p.prefs.return === 'representation') return applyOverrides(withBody(status), row);
      return applyOverrides({ status, headers, body: null }, row);
    }
    case 'update':
    case 'delete': {
      prefer({ return: true, count: true, maxAffected: true });
      headers['Content-Range'] =
        p.action === 'update'
          ? contentRange(0, affected, p.countRequested ? affected : null)
          : contentRange(1, 0, p.countRequested ? affected : null);
      if (p.prefs.return === 'representation') return applyOverrides(withBody(200), row);
      return applyOverrides({ status: 204, headers, body: null }, row);
    }
  }
}
