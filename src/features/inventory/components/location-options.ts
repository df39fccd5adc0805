// Locations as a select's options ("Santorini store · Warehouse"), and a location's name by id.
import { locationKindLabel } from '@/domain/inventory/labels';
import type { InventoryLocation } from '@/domain/inventory/types';

export const locationOptions = (locations: readonly InventoryLocation[]) =>
  locations.map((l) => ({ value: l.id, label: `${l.name} · ${locationKindLabel(l.kind)}` }));

export const namesOf = (locations: readonly InventoryLocation[]) =>
  new Map(locations.map((l) => [l.id, l.name]));
