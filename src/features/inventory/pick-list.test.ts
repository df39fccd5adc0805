// The pick list's rules (./pick-list.ts): company days around Athens' midnight, the range in the
// address, the server's rows per villa, and the transfers and batches "Create transfers" makes.
import { describe, expect, it } from 'vitest';
import type { InventoryLocation } from '@/domain/inventory/types';
import {
  batchesOf,
  companyTomorrow,
  groupPickList,
  presetOf,
  presetRange,
  rangeFromParams,
  rangeProblem,
  transfersOf,
  type PickRow,
} from './pick-list';

describe('days', () => {
  it('takes tomorrow in Athens, not in UTC', () => {
    // 23:59 and 00:30 in Athens (UTC+2 in November, UTC+3 in July).
    expect(companyTomorrow(new Date('2026-11-29T21:59:00Z'))).toBe('2026-11-30');
    expect(companyTomorrow(new Date('2026-11-29T22:30:00Z'))).toBe('2026-12-01');
    expect(companyTomorrow(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-03');
    expect(companyTomorrow(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-02');
  });

  it('gives the presets and reads them back', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(presetRange('tomorrow', now)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetRange('week', now)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(presetOf({ from: '2026-11-30', to: '2026-12-06' }, now)).toBe('week');
    expect(presetOf({ from: '2026-11-30', to: '2026-12-01' }, now)).toBeNull();
  });

  it('reads the range from the address, tomorrow by default', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const at = (q: string) => rangeFromParams(new URLSearchParams(q), now);
    expect(at('view=pick')).toEqual({ from: '2026-11-30', to: '2026-11-30', villa: '' });
    expect(at('from=2026-12-02')).toEqual({ from: '2026-12-02', to: '2026-12-02', villa: '' });
    expect(at('from=2026-12-02&to=2026-12-05&villa=v1')).toEqual({
      from: '2026-12-02',
      to: '2026-12-05',
      villa: 'v1',
    });
    expect(at('from=junk&to=2026-12-05').from).toBe('2026-11-30');
  });

  it('says what the server would refuse: a range backwards or over 63 days', () => {
    expect(rangeProblem({ from: '2026-12-02', to: '2026-12-01' })).toBe('order');
    expect(rangeProblem({ from: '2026-12-01', to: '2026-12-01' })).toBeNull();
    expect(rangeProblem({ from: '2026-12-01', to: '2027-02-01' })).toBeNull(); // 63 days
    expect(rangeProblem({ from: '2026-12-01', to: '2027-02-02' })).toBe('long');
  });
});

const place = (
  id: string,
  kind: InventoryLocation['kind'],
  name: string,
  property_id: string | null = null,
) => ({ id, kind, name, property_id, holder_id: null, active: true }) satisfies InventoryLocation;

describe('the list and its transfers', () => {
  const items = [
    { id: 'towel', name: 'Bath towel', unit: 'piece', pack_size: 1 },
    { id: 'soap', name: 'Soap', unit: 'piece', pack_size: 6 },
  ];
  const locations = [
    place('wh', 'warehouse', 'Store'),
    place('la', 'property', 'Villa Aura', 'a'),
    place('lb', 'property', 'Blue House', 'b'),
  ];
  const row = (property_id: string | null, item_id: string, quantity: number): PickRow => ({
    property_id,
    item_id,
    cleans: 2,
    needed: quantity + 1,
    above_par: 1,
    quantity,
  });
  const rows = [
    row('a', 'towel', 4),
    row('a', 'soap', 0),
    row('b', 'soap', 2),
    row('x', 'towel', 1), // a villa whose location this user does not read
    row(null, 'soap', 2),
    row(null, 'towel', 5),
  ];

  it('groups per villa by name, with the items and the totals', () => {
    const list = groupPickList(rows, items, locations);
    expect(list.villas.map((v) => [v.name, v.locationId])).toEqual([
      ['Blue House', 'lb'],
      ['Villa Aura', 'la'],
      ['x', null],
    ]);
    expect(list.villas[1]!.lines.map((l) => [l.item.name, l.quantity])).toEqual([
      ['Bath towel', 4],
      ['Soap', 0],
    ]);
    expect(list.totals.map((l) => [l.item.name, l.quantity])).toEqual([
      ['Bath towel', 5],
      ['Soap', 2],
    ]);
  });

  it('makes a transfer of every line to bring, none of a covered one or to an unknown place', () => {
    const list = groupPickList(rows, items, locations);
    expect(transfersOf(list, 'wh')).toEqual([
      { item_id: 'soap', from_location_id: 'wh', to_location_id: 'lb', quantity: 2 },
      { item_id: 'towel', from_location_id: 'wh', to_location_id: 'la', quantity: 4 },
    ]);
    // Picking from a villa's own location sends it nothing.
    expect(transfersOf(list, 'la').map((t) => t.to_location_id)).toEqual(['lb']);
  });

  it('splits a long list into calls of 500, in order', () => {
    const lines = Array.from({ length: 1001 }, (_, i) => i);
    const batches = batchesOf(lines);
    expect(batches.map((b) => b.length)).toEqual([500, 500, 1]);
    expect(batches.flat()).toEqual(lines);
    expect(batchesOf([])).toEqual([]);
  });
});
