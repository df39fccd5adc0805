// The villas as this device last saw them, in the `properties` store of the local database: one
// record per villa holding its list row, its detail, its photos and its stays, each part written
// when it was read. Offline, the list, the detail, the gallery and the stays answer from here.
import type { MirroredRecord } from '@/offline/db';
import { mirrorAll, mirrorGet, mirrorPut } from '@/offline/read';
import { PAGE_SIZE, type PropertyListParams } from '../list-params';
import type { PropertyListRow, PropertyPage } from './get-properties';
import type { PropertyDetail } from './get-property';
import type { PropertyPhoto } from './get-property-photos';
import type { Reservation } from './get-reservations';

export interface PropertyCopy extends MirroredRecord {
  list?: PropertyListRow;
  detail?: PropertyDetail;
  photos?: PropertyPhoto[];
  upcoming?: Reservation[];
  past?: Reservation[];
}

type Part = Partial<Omit<PropertyCopy, 'id' | 'lastSynced'>>;

export function keepCopies(parts: { id: string; part: Part }[]): Promise<void> {
  const now = Date.now();
  return mirrorPut(
    'properties',
    parts.map(({ id, part }) => ({ id, lastSynced: now, ...part })),
  );
}

export async function copyOf(id: string): Promise<PropertyCopy | undefined> {
  return (await mirrorGet('properties', id)) as PropertyCopy | undefined;
}

/** Readiness is worked out by the server (stays, open work): unknown for a villa made offline. */
export const NOT_SYNCED_REASON = 'Not on the server yet: waiting to sync';

/** Any villa-shaped row (the overview view, a detail, a form's values) as a list row. */
export type ListRowSource = { id: string } & {
  [K in Exclude<keyof PropertyListRow, 'id'>]?: PropertyListRow[K] | null;
};

/**
 * A list row with the view's nullable columns given their defaults; also a villa's detail (opened
 * but never listed on this device) or a villa created offline.
 */
export function listRowOf(d: ListRowSource): PropertyListRow {
  return {
    id: d.id,
    code: d.code ?? '',
    name: d.name ?? '',
    type: d.type ?? 'villa',
    status: d.status ?? 'active',
    area: d.area ?? '',
    bedrooms: d.bedrooms ?? 0,
    bathrooms: d.bathrooms ?? 0,
    max_guests: d.max_guests ?? 0,
    archived: d.archived ?? false,
    next_check_in: d.next_check_in ?? null,
    next_check_out: d.next_check_out ?? null,
    occupied: d.occupied ?? false,
    guest_ready: d.guest_ready ?? false,
    not_ready_reasons: d.not_ready_reasons ?? [],
  };
}

/** The list's filters, applied on the device (the server applies them online). */
export function matchesListParams(row: PropertyListRow, p: PropertyListParams): boolean {
  const q = p.q.toLowerCase();
  return (
    row.archived === p.archived &&
    (!q || [row.name, row.code, row.area].some((v) => v.toLowerCase().includes(q))) &&
    (!p.status || row.status === p.status) &&
    (!p.area || row.area === p.area) &&
    (!p.type || row.type === p.type) &&
    (p.minBedrooms === null || row.bedrooms >= p.minBedrooms) &&
    (!p.ready || row.guest_ready === (p.ready === 'ready'))
  );
}

export function sortRows(rows: PropertyListRow[], p: PropertyListParams): PropertyListRow[] {
  const dir = p.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[p.sort];
    const y = b[p.sort];
    if (x === y) return a.id < b.id ? -1 : 1;
    // Nulls last whichever the direction, as the server sorts them.
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * dir;
  });
}

/** One page of the list from this device's copies. */
export async function listFromCopies(p: PropertyListParams): Promise<PropertyPage | undefined> {
  const copies = (await mirrorAll('properties')) as PropertyCopy[];
  if (copies.length === 0) return undefined;
  const rows = copies
    .map((c) => c.list ?? (c.detail ? listRowOf(c.detail) : null))
    .filter((r): r is PropertyListRow => r !== null && matchesListParams(r, p));
  const from = (p.page - 1) * PAGE_SIZE;
  return { rows: sortRows(rows, p).slice(from, from + PAGE_SIZE), total: rows.length };
}
