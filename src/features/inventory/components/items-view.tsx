// The items as a list: per item what it holds in all the places the caller sees, its category and
// SKU, and at how many places it is low. Filtered by ../item-filters.ts.
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/catalog';
import { categoryLabel } from '@/domain/inventory/labels';
import { isLow, onHandTotal, type InventoryItem } from '@/domain/inventory/types';
import { messages } from '../messages';

export function ItemsView({
  items,
  onOpen,
}: {
  items: readonly InventoryItem[];
  onOpen: (id: string) => void;
}) {
  const t = useT(messages);
  return (
    <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" data-testid="inventory-items">
      {items.map((item) => {
        const low = item.stock.filter(isLow).length;
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
                {t('list.onHand', { count: onHandTotal(item), unit: item.unit })}
              </span>
            </div>
            <div className="text-muted-foreground mt-1 flex flex-wrap items-center gap-1.5 text-xs">
              <span>{categoryLabel(item.category)}</span>
              {item.sku ? <span>· {item.sku}</span> : null}
              {low > 0 ? (
                <Badge variant="destructive">{t('list.lowAt', { count: low })}</Badge>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
