// CSV exports: the stock (every item at every place the caller sees, with par and threshold) from
// the items already read, and the movements (newest first, up to EXPORT_MAX) read for the file.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { notify } from '@/lib/toast';
import { categoryLabel, locationKindLabel, movementKindLabel } from '@/domain/inventory/labels';
import { getMovementsForExport } from '@/domain/inventory/reads';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';
import type { StaffNames } from '@/domain/staff/names';
import { downloadCsv, toCsv } from '../csv';
import { messages } from '../messages';

const today = () => new Date().toISOString().slice(0, 10);

export function ExportButtons({
  items,
  locations,
  staff,
}: {
  items: readonly InventoryItem[];
  locations: readonly InventoryLocation[];
  staff: StaffNames;
}) {
  const t = useT(messages);
  const [busy, setBusy] = useState(false);
  const byId = new Map(locations.map((l) => [l.id, l]));
  const names = new Map(items.map((i) => [i.id, i]));

  const exportStock = () =>
    downloadCsv(
      `stock-${today()}.csv`,
      toCsv(
        [
          'item',
          'sku',
          'category',
          'location',
          'location_kind',
          'on_hand',
          'par_level',
          'reorder_threshold',
          'unit',
        ],
        items.flatMap((i) =>
          i.stock.map((s) => {
            const l = byId.get(s.location_id);
            return [
              i.name,
              i.sku,
              categoryLabel(i.category),
              l?.name ?? s.location_id,
              l ? locationKindLabel(l.kind) : '',
              s.on_hand,
              s.par_level,
              s.reorder_threshold,
              i.unit,
            ];
          }),
        ),
      ),
    );

  const exportMovements = async () => {
    setBusy(true);
    try {
      const rows = await getMovementsForExport();
      downloadCsv(
        `movements-${today()}.csv`,
        toCsv(
          [
            'occurred_at',
            'item',
            'sku',
            'location',
            'kind',
            'quantity',
            'counted_quantity',
            'unit_cost',
            'reason',
            'by',
            'negative',
          ],
          rows.map((m) => [
            m.occurred_at,
            names.get(m.item_id)?.name ?? m.item_id,
            names.get(m.item_id)?.sku ?? '',
            byId.get(m.location_id)?.name ?? m.location_id,
            movementKindLabel(m.kind),
            m.quantity,
            m.counted_quantity,
            m.unit_cost,
            m.reason,
            m.created_by ? (staff[m.created_by] ?? '') : '',
            m.negative,
          ]),
        ),
      );
    } catch {
      notify.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={exportStock} disabled={items.length === 0}>
        <Download aria-hidden /> {t('export.stock')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => void exportMovements()} disabled={busy}>
        <Download aria-hidden /> {busy ? t('export.preparing') : t('export.movements')}
      </Button>
    </div>
  );
}
