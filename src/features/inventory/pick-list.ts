// The pick list's rules on the screen (docs/inventory.md "The pick list on the screens"): the day
// range in the address (company days, never UTC ones), the server's rows grouped per villa with
// the items' names, units and pack sizes, and the transfers "Create transfers" makes of them.
// Kept apart from the components so they are easy to read and to test.
import { zonedDay } from '@/lib/company-time';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';

/** What inventory_pick_list covers at most (its 22023 beyond). */
export const MAX_DAYS = 63;
/** What inventory_transfer_batch takes at once (its 22023 beyond): longer lists are split. */
export const BATCH_SIZE = 500;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** '2026-11-29' + n days (calendar days: no zone, no daylight saving). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Tomorrow in the company's zone (Athens), whatever the device's zone. */
export const companyTomorrow = (now = new Date()) => addDays(zonedDay(now.toISOString()), 1);

export type Preset = 'tomorrow' | 'week';

/** "Tomorrow" and "Next 7 days" (tomorrow and the six days after it: today's cleans are under way). */
export function presetRange(preset: Preset, now = new Date()): { from: string; to: string } {
  const from = companyTomorrow(now);
  return { from, to: preset === 'tomorrow' ? from : addDays(from, 6) };
}

/** The preset a range is, if any (the pressed button). */
export function presetOf(range: { from: string; to: string }, now = new Date()): Preset | null {
  for (const p of ['tomorrow', 'week'] as const) {
    const r = presetRange(p, now);
    if (r.from === range.from && r.to === range.to) return p;
  }
  return null;
}

export interface PickRange {
  from: string;
  to: string;
  /** One villa (its property id), or '' for all. */
  villa: string;
}

/** The range in the address (`from`, `to`, `villa`); tomorrow when none is given. */
export function rangeFromParams(params: URLSearchParams, now = new Date()): PickRange {
  const tomorrow = companyTomorrow(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const f = ISO_DAY.test(from) ? from : tomorrow;
  return { from: f, to: ISO_DAY.test(to) ? to : f, villa: params.get('villa') ?? '' };
}

/** Why the range cannot be asked for, or null: the server's own limits, said before asking. */
export function rangeProblem(r: { from: string; to: string }): 'order' | 'long' | null {
  const days = daysBetween(r.from, r.to);
  if (days < 0) return 'order';
  if (days >= MAX_DAYS) return 'long';
  return null;
}

/** One row of inventory_pick_list (property_id null: the item's total). */
export interface PickRow {
  property_id: string | null;
  item_id: string;
  cleans: number;
  needed: number;
  above_par: number;
  quantity: number;
}

type ItemInfo = Pick<InventoryItem, 'id' | 'name' | 'unit' | 'pack_size'>;

export interface PickLine {
  item: ItemInfo;
  cleans: number;
  needed: number;
  /** What the villa holds above its par level; negative by what it lacks to it (brought too). */
  abovePar: number;
  /** To bring (whole units): the need plus any shortfall below par; 0: covered. */
  quantity: number;
}

export interface VillaPick {
  propertyId: string;
  name: string;
  /** The villa's inventory location (the transfers go there); null when it is not read. */
  locationId: string | null;
  /** The cleans in the range (the most any of its items counts). */
  cleans: number;
  lines: PickLine[];
}

export interface PickList {
  villas: VillaPick[];
  totals: PickLine[];
}

const byName = (a: PickLine, b: PickLine) =>
  a.item.name.localeCompare(b.item.name) || a.item.id.localeCompare(b.item.id);

/**
 * The server's rows per villa (by name) and the totals per item, with the items' names, units and
 * pack sizes. An item not in the items read (made inactive meanwhile) is named by its id.
 */
export function groupPickList(
  rows: readonly PickRow[],
  items: readonly ItemInfo[],
  locations: readonly InventoryLocation[],
): PickList {
  const itemById = new Map(items.map((i) => [i.id, i]));
  const villaPlace = new Map(
    locations.filter((l) => l.property_id).map((l) => [l.property_id!, l]),
  );
  const lineOf = (r: PickRow): PickLine => ({
    item: itemById.get(r.item_id) ?? { id: r.item_id, name: r.item_id, unit: '', pack_size: 1 },
    cleans: r.cleans,
    needed: r.needed,
    abovePar: r.above_par,
    quantity: r.quantity,
  });
  const villas = new Map<string, VillaPick>();
  const totals: PickLine[] = [];
  for (const r of rows) {
    if (r.property_id === null) {
      totals.push(lineOf(r));
      continue;
    }
    let villa = villas.get(r.property_id);
    if (!villa) {
      const place = villaPlace.get(r.property_id);
      villa = {
        propertyId: r.property_id,
        name: place?.name ?? r.property_id,
        locationId: place?.id ?? null,
        cleans: 0,
        lines: [],
      };
      villas.set(r.property_id, villa);
    }
    villa.cleans = Math.max(villa.cleans, r.cleans);
    villa.lines.push(lineOf(r));
  }
  for (const v of villas.values()) v.lines.sort(byName);
  return {
    villas: [...villas.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.propertyId.localeCompare(b.propertyId),
    ),
    totals: totals.sort(byName),
  };
}

/** Whole packs that hold `quantity` units (1 unit = 1 pack when the item has no pack size). */
export const packsOf = (quantity: number, packSize: number) =>
  packSize > 1 ? Math.ceil(quantity / packSize) : quantity;

export interface PickTransfer {
  item_id: string;
  from_location_id: string;
  to_location_id: string;
  quantity: number;
}

/** Every line to bring as a transfer from the source to its villa (covered lines make none). */
export function transfersOf(list: PickList, sourceId: string): PickTransfer[] {
  return list.villas.flatMap((v) =>
    v.locationId === null || v.locationId === sourceId
      ? []
      : v.lines
          .filter((l) => l.quantity > 0)
          .map((l) => ({
            item_id: l.item.id,
            from_location_id: sourceId,
            to_location_id: v.locationId!,
            quantity: l.quantity,
          })),
  );
}

/** The transfers in batches of at most BATCH_SIZE, in order (each one call, one mutation). */
export function batchesOf<T>(lines: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < lines.length; i += size) out.push(lines.slice(i, i + size));
  return out;
}
