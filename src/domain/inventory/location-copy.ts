// The device copy of inventory locations. A location has a column `kind` (warehouse, van,
// property), and a kept record's `kind` is the offline layer's own (which rows a record holds,
// src/offline/resource.ts): kept as it is, a location read back offline had lost its kind, so no
// van was anyone's and every van was offered to count. Kept here as `location_kind` and read back
// as `kind`: the copy of `locationList` (./reads.ts), which every screen and count mode read.
import { kindRows, rowKind, type DeviceCopy } from '@/offline/resource';
import type { InventoryLocation } from './types';

type KeptLocation = Omit<InventoryLocation, 'kind'> & { location_kind: InventoryLocation['kind'] };

const keptKind = rowKind<KeptLocation>({ store: 'inventory', kind: 'location-kept' });

const toKept = ({ kind, ...l }: InventoryLocation): KeptLocation => ({ ...l, location_kind: kind });
const fromKept = ({ location_kind, ...l }: KeptLocation): InventoryLocation => ({
  ...l,
  kind: location_kind,
});

export function keptLocations<Params>(): DeviceCopy<InventoryLocation[], Params> {
  const copy = kindRows<KeptLocation, Params>(keptKind);
  return {
    save: (params, rows) => copy.save(params, rows.map(toKept)),
    load: async (params) => (await copy.load(params))?.map(fromKept),
    prune: (params, keep, scope) =>
      copy.prune?.(params, keep, (row) => scope(fromKept(row))) ?? Promise.resolve(),
  };
}
