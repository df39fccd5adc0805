// CSV exports: the stock (every item at every place the caller sees, with par and threshold) and
// the movements (newest first, up to EXPORT_MAX), each read for the file (online), in pages.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { zonedDay } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { notify } from '@/lib/toast';
import { categoryLabel, locationKindLabel, movementKindLabel } from '@/domain/inventory/labels';
import { getMovementsForExport, getStockForExport } from '@/domain/inventory/reads';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';
import type { StaffNames } from '@/domain/staff/names';
import { downloadCsv, toCsv } from '../csv';
import { messages } from '../messages';

/** The file's date: the company's day (from 22:00 UTC it is already tomorrow in Athens). */
const today = () => zonedDay(new Date().toISOString());

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

  /** One file at a time: "Preparing…" while it is read; a failure is said in a toast. */
  const withBusy = async (make: () => Promise<void>) => {
    setBusy(true);
    try {
      await make();
    } catch {
      notify.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };

  const exportStock = () =>
    withBusy(async () => {
      const stock = await getStockForExport();
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
          stock.flatMap((s) => {
            const i = names.get(s.item_id);
            if (!i) return [];
            const l = byId.get(s.location_id);
            return [
              [
                i.name,
                i.sku,
                categoryLabel(i.category),
                l?.name ?? s.location_id,
                l ? locationKindLabel(l.kind) : '',
                s.on_hand,
                s.par_level,
                s.reorder_threshold,
                i.unit,
              ],
            ];
          }),
        ),
      );
    });

  const exportMovements = () =>
    withBusy(async () => {
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
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => void exportStock()}
        disabled={busy || items.length === 0}
      >
        <Download aria-hidden /> {t('export.stock')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => void exportMovements()} disabled={busy}>
        <Download aria-hidden /> {busy ? t('export.preparing') : t('export.movements')}
      </Button>
    </div>
  );
}
