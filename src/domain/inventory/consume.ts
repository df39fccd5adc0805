// Stock used (docs/inventory.md "Consumption"): inventory_consume through the sync queue
// (X-Mutation-Id, so a replay takes stock once), for a clean (clean_id, from the villa's location)
// or a work order (work_order_id, parts from the technician's van by default). What a clean
// consumes is pre-filled from its cleaning type's rules (inventory_consumption), kept on this
// device so a housekeeper with no signal can record it.
import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { callWrite } from '@/offline/calls';
import { isNetworkError } from '@/offline/network-error';
import { listEntries } from '@/offline/queue';
import { kindRows, listResource, readList, rowKind } from '@/offline/resource';
import { inventoryKeys } from './keys';
import { messages } from './messages';
import { consumeCall, type ConsumeArgs } from './transitions';

type Basis = Database['public']['Enums']['inventory_consumption_basis'];

export function consume(item: { name: string }, args: ConsumeArgs, key?: string) {
  const call = callWrite(
    consumeCall,
    args,
    messages.t('queue.consume', { quantity: args.quantity, item: item.name }),
  );
  return key ? { ...call, write: { ...call.write, mutationId: key } } : call;
}

/**
 * The X-Mutation-Id of a clean's use of one item: the same for every ask, so the use is recorded
 * once however often it is sent (a second tap, a second visit, a reload with the first still
 * queued); the server answers a repeated key with its first answer (docs/inventory.md "The ledger").
 */
export async function cleanUseKey(cleanId: string, itemId: string): Promise<string> {
  const bytes = new TextEncoder().encode(`inventory_consume:clean:${cleanId}:${itemId}`);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x80; // version 8: a name-based UUID of our own
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = [...hash].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface CleanUse {
  /** What was recorded for the clean, per item (the server's, and this device's still queued). */
  items: Map<string, number>;
  /** Some of it still waits in this device's queue. */
  waiting: boolean;
}

/**
 * What has been recorded as used by a clean: the server's consume movements of the clean and the
 * uses still waiting in this device's queue. With no connection, the queue's alone.
 */
export const cleanUseQueryOptions = (cleanId: string) =>
  queryOptions({
    queryKey: [...inventoryKeys.all, 'clean-use', cleanId] as const,
    queryFn: async (): Promise<CleanUse> => {
      const items = new Map<string, number>();
      const queued = (await listEntries()).filter(
        (e) =>
          e.target.kind === 'rpc' &&
          e.target.name === consumeCall.fn &&
          e.values?.clean_id === cleanId &&
          e.status !== 'rejected',
      );
      const itemOf = (e: (typeof queued)[number]) => String(e.values?.item_id);
      for (const e of queued)
        items.set(itemOf(e), (items.get(itemOf(e)) ?? 0) + Number(e.values?.quantity));
      try {
        const rows =
          (await fetchOrThrow(() =>
            supabase
              .from('inventory_movements')
              .select('item_id,quantity,mutation_id')
              .eq('clean_id', cleanId)
              .eq('kind', 'consume'),
          )) ?? [];
        const landed = new Set(rows.map((r) => r.mutation_id));
        for (const e of queued) if (landed.has(e.mutationId)) items.delete(itemOf(e)); // sent: counted below
        for (const r of rows) items.set(r.item_id, (items.get(r.item_id) ?? 0) - r.quantity);
      } catch (e) {
        if (!isNetworkError(e)) throw e;
      }
      return { items, waiting: queued.length > 0 };
    },
  });

// ---- What a clean of each cleaning type consumes ------------------------------------------------

export interface ConsumptionRule {
  id: string;
  cleaning_type_code: string;
  item_id: string;
  item_name: string;
  unit: string;
  basis: Basis;
  quantity: number;
}

const ruleKind = rowKind<ConsumptionRule>({ store: 'inventory', kind: 'consumption' });

export const consumptionRules = listResource<ConsumptionRule, 'all'>({
  source: 'inventory_consumption',
  fetch: async () => {
    const rows =
      (await fetchOrThrow(() =>
        supabase
          .from('inventory_consumption')
          .select(
            'id,item_id,basis,quantity,type:cleaning_types(code),item:inventory_items(name,unit,active)',
          ),
      )) ?? [];
    return rows.flatMap(({ type, item, ...r }) =>
      type?.code && item?.active
        ? [{ ...r, cleaning_type_code: type.code, item_name: item.name, unit: item.unit }]
        : [],
    );
  },
  copy: kindRows(ruleKind),
  compare: (a, b) => a.item_name.localeCompare(b.item_name) || a.id.localeCompare(b.id),
  full: () => true,
});

export const consumptionRulesQueryOptions = () =>
  queryOptions({
    queryKey: [...inventoryKeys.all, 'consumption'] as const,
    queryFn: async () => (await readList(consumptionRules, 'all')).rows,
  });

/**
 * What one clean consumes by its type's rules: per stay x 1, per guest x the guests (as the pick
 * list: those arriving, else 1 here, edited by hand), per bedroom x the bedrooms (a studio 1).
 */
export function cleanConsumption(
  rules: ConsumptionRule[],
  clean: { cleaningTypeCode: string | null; guests: number | null; bedrooms: number | null },
): { rule: ConsumptionRule; quantity: number }[] {
  const times = (b: Basis) =>
    b === 'per_guest'
      ? Math.max(1, clean.guests ?? 1)
      : b === 'per_bedroom'
        ? Math.max(1, clean.bedrooms ?? 1)
        : 1;
  return rules
    .filter((r) => r.cleaning_type_code === clean.cleaningTypeCode)
    .map((rule) => ({ rule, quantity: Math.round(rule.quantity * times(rule.basis) * 100) / 100 }));
}
