// Low stock (inventory_low_stock): each place at or below its reorder threshold, what it holds,
// its par level, and the suggested order (up to par in whole packs) with its cost; the total
// cost of the order at the foot.
import { useT } from '@/lib/i18n/catalog';
import { formatMoney } from '@/lib/company-preferences';
import { useCompanySettings } from '@/lib/use-company-settings';
import type { InventoryLocation } from '@/domain/inventory/types';
import { useLowStock } from '../api/get-low-stock';
import { messages } from '../messages';
import { namesOf } from './location-options';

export function LowStockView({
  locations,
  onOpen,
}: {
  locations: readonly InventoryLocation[];
  onOpen: (itemId: string) => void;
}) {
  const t = useT(messages);
  const low = useLowStock();
  const { currency } = useCompanySettings();
  const rows = low.data ?? [];
  const places = namesOf(locations);
  const total = rows.reduce((sum, r) => sum + r.suggested_cost, 0);
  return (
    <section aria-label={t('low.title')} className="space-y-2">
      <p role="status" className="text-muted-foreground text-sm">
        {low.isPending ? t('list.loading') : t('low.count', { count: rows.length })}
      </p>
      {low.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('low.failed')}
        </p>
      ) : null}
      <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" data-testid="low-stock-list">
        {rows.map((r) => (
          <li key={r.id} className="rounded-md border p-3 text-sm">
            <button
              type="button"
              className="font-medium underline-offset-4 hover:underline"
              onClick={() => onOpen(r.item_id)}
            >
              {r.item_name}
            </button>
            <p className="text-muted-foreground">{places.get(r.location_id) ?? ''}</p>
            <p className="tabular-nums">
              {t('low.levels', {
                onHand: r.on_hand,
                threshold: r.reorder_threshold,
                par: r.par_level,
              })}
            </p>
            <p className="font-medium tabular-nums">
              {t('low.order', {
                quantity: r.suggested_order,
                unit: r.unit,
                cost: formatMoney(r.suggested_cost, currency),
              })}
            </p>
          </li>
        ))}
      </ul>
      {rows.length > 0 ? (
        <p className="text-sm font-medium">
          {t('low.total', { cost: formatMoney(total, currency) })}
        </p>
      ) : null}
    </section>
  );
}
