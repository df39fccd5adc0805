// Stock used (docs/inventory.md "Consumption"): inventory_consume through the sync queue
// (X-Mutation-Id, so a replay takes stock once), for a clean (clean_id, from the villa's location)
// or a work order (work_order_id, parts from the technician's van by default). What a clean
// consumes is pre-filled from its cleaning type's rules (inventory_consumption), kept on this
// device so a housekeeper with no signal can record it.
import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { callWrite, transition } from '@/offline/calls';
import { kindRows, listResource, readList, rowKind } from '@/offline/resource';
import { inventoryKeys } from './keys';
import { messages } from './messages';
import type { StockLevel } from './types';

export type ConsumeArgs = Database['public']['Functions']['inventory_consume']['Args'];
type Basis = Database['public']['Enums']['inventory_consumption_basis'];

interface Stocked {
  stock: StockLevel[];
}

export const consumeCall = transition<Stocked, ConsumeArgs>({
  fn: 'inventory_consume',
  rowId: (a) => a.item_id,
  apply: (row, a) => ({
    ...row,
    stock: row.stock.map((s) =>
      s.location_id === a.location_id ? { ...s, on_hand: s.on_hand - a.quantity } : s,
    ),
  }),
});

export const consume = (item: { name: string }, args: ConsumeArgs) =>
  callWrite(
    consumeCall,
    args,
    messages.t('queue.consume', { quantity: args.quantity, item: item.name }),
  );

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
