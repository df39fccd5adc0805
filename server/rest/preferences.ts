// The `Prefer` and `Accept` headers, as PostgREST reads them
// (src/PostgREST/ApiRequest/Preferences.hs and MediaType.hs).
import { RestError, mediaTypeError } from './errors.ts';

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  missing?: 'default' | 'null';
  handling?: 'lenient' | 'strict';
  timezone?: string;
  maxAffected?: number;
  params?: 'single-object' | 'multiple-objects';
  invalid: string[];
}

const ALLOWED: Record<string, readonly string[]> = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['lenient', 'strict'],
  params: ['single-object', 'multiple-objects'],
};

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  if (!header) return prefs;
  const seen = new Set<string>();
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const key = eq === -1 ? item : item.slice(0, eq).trim();
    const value = eq === -1 ? '' : item.slice(eq + 1).trim();
    if (seen.has(key)) continue;
    if (key === 'timezone' && value) {
      seen.add(key);
      prefs.timezone = value;
      continue;
    }
    if (key === 'max-affected' && /^\d{1,15}$/.test(value)) {
      seen.add(key);
      prefs.maxAffected = Number(value);
      continue;
    }
    const allowed = ALLOWED[key];
    if (!allowed || !allowed.includes(value)) {
      prefs.invalid.push(item);
      continue;
    }
    seen.add(key);
    switch (key) {
      case 'resolution':
        prefs.resolution = value as Preferences['resolution'];
        break;
      case 'return':
        prefs.return = value as Preferences['return'];
        break;
      case 'count':
        prefs.count = value as Preferences['count'];
        break;
      case 'tx':
        prefs.tx = value as Preferences['tx'];
        break;
      case 'missing':
        prefs.missing = value as Preferences['missing'];
        break;
      case 'handling':
        prefs.handling = value as Preferences['handling'];
        break;
      case 'params':
        prefs.params = value as Preferences['params'];
        break;
    }
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** The `Preference-Applied` value, in PostgREST's order. */
export function appliedPreferences(
  p: Preferences,
  which: {
    resolution?: boolean;
    return?: boolean;
    count?: boolean;
    missing?: boolean;
    maxAffected?: boolean;
  },
): string | undefined {
  const out: string[] = [];
  if (which.resolution && p.resolution) out.push(`resolution=${p.resolution}`);
  if (which.return && p.return) out.push(`return=${p.return}`);
  if (which.count && p.count) out.push(`count=${p.count}`);
  if (p.tx) out.push(`tx=${p.tx}`);
  if (which.missing && p.missing) out.push(`missing=${p.missing}`);
  if (p.handling) out.push(`handling=${p.handling}`);
  if (which.maxAffected && p.maxAffected !== undefined && p.handling === 'strict') {
    out.push(`max-affected=${p.maxAffected}`);
  }
  return out.length ? out.join(', ') : undefined;
}

export type Media =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  /** PostgREST's GeoJSON handler (PostGIS present): `st_asgeojson` is its qualified function. */
  | { kind: 'geojson'; stAsGeoJson?: string }
  | { kind: 'plan'; format: 'text' | 'json'; options: string[] };

interface AcceptItem {
  type: string;
  params: Record<string, string>;
  q: number;
  raw: string;
}

function parseAccept(header: string): AcceptItem[] {
  const items: AcceptItem[] = [];
  // Splitting on commas outside quotes: the plan media type carries `for="…"`.
  const parts = header.match(/(?:[^,"]|"[^"]*")+/g) ?? [];
  for (const part of parts) {
    const [typeRaw, ...paramParts] = part.split(';');
    const type = (typeRaw ?? '').trim().toLowerCase();
    if (!type) continue;
    const params: Record<string, string> = {};
    let q = 1;
    for (const pp of paramParts) {
      const eq = pp.indexOf('=');
      if (eq === -1) continue;
      const k = pp.slice(0, eq).trim().toLowerCase();
      const v = pp
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      if (k === 'q') q = Number.isFinite(Number(v)) ? Number(v) : 0;
      else params[k] = v;
    }
    items.push({ type, params, q, raw: part.trim() });
  }
  // A stable sort keeps the client's order among equal weights.
  return items.filter((i) => i.q > 0).sort((a, b) => b.q - a.q);
}

/** Chooses the response media type; 406 PGRST107 when none of the requested ones is served. */
export function negotiateMedia(header: string | undefined): Media {
  if (!header || !header.trim()) return { kind: 'json', stripNulls: false };
  const items = parseAccept(header);
  for (const item of items) {
    const stripped = item.params.nulls === 'stripped';
    switch (item.type) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return { kind: 'json', stripNulls: false };
      case 'application/vnd.pgrst.array+json':
        return { kind: 'json', stripNulls: stripped };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls: stripped };
      case 'text/csv':
        return { kind: 'csv' };
      case 'application/geo+json':
        return { kind: 'geojson' };
      case 'application/vnd.pgrst.plan':
      case 'application/vnd.pgrst.plan+text':
      case 'application/vnd.pgrst.plan+json': {
        const options = (item.params.options ?? '')
          .split('|')
          .map((o) => o.trim().toLowerCase())
          .filter((o) => ['analyze', 'verbose', 'settings', 'buffers', 'wal'].includes(o));
        return {
          kind: 'plan',
          format: item.type.endsWith('+json') ? 'json' : 'text',
          options,
        };
      }
    }
  }
  throw mediaTypeError(items.length ? items.map((i) => i.type) : [header.trim()]);
}

export function contentTypeFor(media: Media): string {
  switch (media.kind) {
    case 'json':
      return media.stripNulls
        ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8';
    case 'object':
      return media.stripNulls
        ? 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8'
        : 'application/vnd.pgrst.object+json; charset=utf-8';
    case 'csv':
      return 'text/csv; charset=utf-8';
    case 'geojson':
      return 'application/geo+json; charset=utf-8';
    case 'plan':
      return media.format === 'json'
        ? 'application/vnd.pgrst.plan+json; charset=utf-8'
        : 'application/vnd.pgrst.plan+text; charset=utf-8';
  }
}
