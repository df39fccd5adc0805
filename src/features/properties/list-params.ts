// The list's search, filters, sort and page: kept in the URL (shareable, survives reload) and
// parsed here into one value that is both the query key and the request.
import {
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type PropertyStatus,
  type PropertyType,
} from './labels';

export const PAGE_SIZE = 25;
/** The list's sorts (their words: `sort.<key>` in ./locales). */
export const SORTS = ['name', 'code', 'area', 'bedrooms', 'next_check_in'] as const;
export type SortKey = (typeof SORTS)[number];

export interface PropertyListParams {
  q: string;
  status: PropertyStatus | '';
  area: string;
  type: PropertyType | '';
  minBedrooms: number | null;
  ready: 'ready' | 'not_ready' | '';
  archived: boolean;
  sort: SortKey;
  desc: boolean;
  page: number;
}

function oneOf<T extends string>(value: string | null, options: readonly T[]): T | '' {
  return options.includes(value as T) ? (value as T) : '';
}

export function parseListParams(sp: URLSearchParams): PropertyListParams {
  const sort = sp.get('sort');
  const bedrooms = Number(sp.get('bedrooms'));
  const page = Number(sp.get('page'));
  const ready = sp.get('ready');
  return {
    q: (sp.get('q') ?? '').trim(),
    status: oneOf(sp.get('status'), PROPERTY_STATUSES),
    area: sp.get('area') ?? '',
    type: oneOf(sp.get('type'), PROPERTY_TYPES),
    minBedrooms: Number.isInteger(bedrooms) && bedrooms > 0 ? bedrooms : null,
    ready: ready === 'ready' || ready === 'not_ready' ? ready : '',
    archived: sp.get('archived') === '1',
    sort: oneOf(sort, SORTS) || 'name',
    desc: sp.get('dir') === 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}
