import type { Json } from '../database.types';

/** profiles.custom_permissions as a key → granted map; empty when missing (SEED-SPEC.md §3). */
export function customPermissionsOf(profile: { custom_permissions: Json } | null) {
  const raw = profile?.custom_permissions;
  const map: Record<string, boolean> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'boolean') map[k] = v;
  }
  return map;
}
