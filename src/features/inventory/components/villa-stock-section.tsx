// A villa's stock on its page (contributed by ../area.ts, its own chunk): each item the villa
// holds, with its par level, below par flagged; kept on this device for field staff.
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import type { PropertySectionProps } from '@/lib/areas';
import { useT } from '@/lib/i18n/catalog';
import { isBelowPar } from '@/domain/inventory/types';
import { useVillaStock } from '../api/get-villa-stock';
import { messages } from '../messages';

export function VillaStockSection({ propertyId }: PropertySectionProps) {
  const t = useT(messages);
  const stock = useVillaStock(propertyId);
  if (stock.isPending) return <p className="text-muted-foreground text-sm">{t('list.loading')}</p>;
  if (stock.isError) return <p className="text-destructive text-sm">{t('villa.failed')}</p>;
  const rows = stock.data.rows;
  const below = rows.filter(isBelowPar).length;
  return (
    <div className="space-y-2">
      {stock.data.fromDevice ? <DeviceCopyNote what={t('deviceCopy.villa')} /> : null}
      <p className="text-sm">
        {rows.length === 0 ? t('villa.empty') : t('villa.summary', { count: rows.length, below })}
      </p>
      {rows.length > 0 ? (
        <table className="w-full text-sm" aria-label={t('stock.title')}>
          <thead className="text-muted-foreground text-left text-xs">
            <tr>
              <th className="py-1 font-normal">{t('form.item')}</th>
              <th className="py-1 text-right font-normal">{t('detail.onHand')}</th>
              <th className="py-1 text-right font-normal">{t('detail.par')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t">
                <td className="py-1">
                  {r.name}{' '}
                  {isBelowPar(r) ? (
                    <Badge variant="destructive">{t('villa.belowPar')}</Badge>
                  ) : null}
                </td>
                <td className="py-1 text-right tabular-nums">{r.on_hand}</td>
                <td className="py-1 text-right tabular-nums">{r.par_level}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
