// Inventory in words: categories, location kinds and movement kinds, in the language of the moment.
import { messages } from './messages';
import type { InventoryCategory, LocationKind, MovementKind } from './types';

export const categoryLabel = (c: InventoryCategory): string => messages.t(`category.${c}`);
export const locationKindLabel = (k: LocationKind): string => messages.t(`locationKind.${k}`);
export const movementKindLabel = (k: MovementKind): string => messages.t(`movement.${k}`);
