// The items as a list: per item what it holds in all the places the caller sees, its category and
// SKU, and at how many places it is low (summed by the server: inventory_item_totals). An item
// made or edited on this device and not sent yet is marked as waiting, as other areas mark theirs.
// Filtered by ../item-filters.ts.
import { PendingSyncBadge } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/catalog';
import { categoryLabel } from '@/domain/inventory/labels';
import type { InventoryItem } from '@/domain/inventory/types';
import type { Pending } from '@/offline/overlay';
import { messages } from '../messages';

export function ItemsView({
  items,
  onOpen,
}: {
  items: readonly Pending<InventoryItem>[];
  onOpen: (id: string) => void;
}) {
  const t = useT(messages);
  return (
    <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" data-testid="inventory-items">
      {items.map((item) => {
        const low = item.low_places;
        return (
          <li key={item.id} className="rounded-md border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <button
                type="button"
                className="min-w-0 truncate text-left font-medium underline-offset-4 hover:underline"
                onClick={() => onOpen(item.id)}
              >
                {item.name}
              </button>
              <span className="shrink-0 tabular-nums" aria-label={t('list.onHandLabel')}>
                {t('list.onHand', { count: item.on_hand, unit: item.unit })}
              </span>
            </div>
            <div className="text-muted-foreground mt-1 flex flex-wrap items-center gap-1.5 text-xs">
              <span>{categoryLabel(item.category)}</span>
              {item.sku ? <span>· {item.sku}</span> : null}
              {low > 0 ? (
                <Badge variant="destructive">{t('list.lowAt', { count: low })}</Badge>
              ) : null}
              {item.pendingSync ? <PendingSyncBadge /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
