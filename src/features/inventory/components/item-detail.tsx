// One item beside the list (`?item=<id>`): its stock per place with par level and threshold (low
// flagged), par levels for managers, and its latest movements: when, what, where, how many, who.
// "Edit" (inventory.manage) opens the item form (./item-form.tsx) in the route.
import { Pencil } from 'lucide-react';
import { SheetCloseX } from '@/components/overlay-close';
import { SHEET_WITHOUT_KIT_CLOSE } from '@/components/overlay-close-classes';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { categoryLabel, movementKindLabel } from '@/domain/inventory/labels';
import { isLow, type InventoryLocation } from '@/domain/inventory/types';
import type { StaffNames } from '@/domain/staff/names';
import { useItem } from '../api/get-item';
import { messages } from '../messages';
import { manageMessages } from '../manage/messages';
import { namesOf } from './location-options';
import { ParForm } from './par-form';

export function ItemDetailSheet({
  id,
  locations,
  staff,
  onClose,
  onEdit,
}: {
  id: string | null;
  locations: readonly InventoryLocation[];
  staff: StaffNames;
  onClose: () => void;
  /** Edit the item (given to inventory.manage only). */
  onEdit?: ((id: string) => void) | undefined;
}) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const canManage = hasPermission(useAuth().permissions, 'inventory.manage');
  const detail = useItem(id);
  const item = detail.data?.row ?? null;
  const places = namesOf(locations);
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
  return (
    <Sheet open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <SheetContent className={`w-full overflow-y-auto sm:max-w-lg ${SHEET_WITHOUT_KIT_CLOSE}`}>
        <SheetCloseX />
        <SheetHeader>
          <SheetTitle>{item?.name ?? t('detail.item')}</SheetTitle>
          <SheetDescription>
            {item
              ? [categoryLabel(item.category), item.sku, item.barcode, item.unit]
                  .filter(Boolean)
                  .join(' · ')
              : detail.isError
                ? t('detail.failed')
                : t('list.loading')}
          </SheetDescription>
        </SheetHeader>
        {item ? (
          <div className="space-y-6 px-4 pb-6">
            {detail.data?.fromDevice ? <DeviceCopyNote what={t('deviceCopy.item')} /> : null}
            {!item.active ? <Badge variant="outline">{tm('manage.inactive')}</Badge> : null}
            {canManage && onEdit ? (
              <Button variant="outline" size="sm" onClick={() => onEdit(item.id)}>
                <Pencil aria-hidden /> {tm('manage.edit')}
              </Button>
            ) : null}
            <section aria-label={t('detail.stock')} className="space-y-2">
              <h3 className="text-sm font-semibold">{t('detail.stock')}</h3>
              <table className="w-full text-sm">
                <thead className="text-muted-foreground text-left text-xs">
                  <tr>
                    <th className="py-1 font-normal">{t('detail.place')}</th>
                    <th className="py-1 text-right font-normal">{t('detail.onHand')}</th>
                    <th className="py-1 text-right font-normal">{t('detail.par')}</th>
                    <th className="py-1 text-right font-normal">{t('detail.threshold')}</th>
                  </tr>
                </thead>
                <tbody>
                  {item.stock.map((s) => (
                    <tr key={s.location_id} className="border-t">
                      <td className="py-1">
                        {places.get(s.location_id) ?? t('detail.unknownPlace')}{' '}
                        {isLow(s) ? <Badge variant="destructive">{t('list.low')}</Badge> : null}
                      </td>
                      <td className="py-1 text-right tabular-nums">{s.on_hand}</td>
                      <td className="py-1 text-right tabular-nums">{s.par_level}</td>
                      <td className="py-1 text-right tabular-nums">{s.reorder_threshold}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {item.stock.length === 0 ? (
                <p className="text-muted-foreground text-sm">{t('detail.noStock')}</p>
              ) : null}
            </section>
            {canManage ? (
              <section className="space-y-2">
                <h3 className="text-sm font-semibold">{t('par.title')}</h3>
                <ParForm item={item} locations={locations} />
              </section>
            ) : null}
            <section aria-label={t('detail.history')} className="space-y-2">
              <h3 className="text-sm font-semibold">{t('detail.history')}</h3>
              <ul className="divide-y text-sm">
                {item.movements.map((m) => (
                  <li key={m.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                    <span>
                      {movementKindLabel(m.kind)} · {places.get(m.location_id) ?? ''}
                      {m.negative ? (
                        <Badge variant="destructive" className="ml-1">
                          {t('detail.negative')}
                        </Badge>
                      ) : null}
                    </span>
                    <span className="tabular-nums">{sign(m.quantity)}</span>
                    <span className="text-muted-foreground w-full text-xs">
                      {formatDateTime(m.occurred_at)}
                      {m.created_by && staff[m.created_by] ? ` · ${staff[m.created_by]}` : ''}
                      {m.reason ? ` · ${m.reason}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
              {item.movements.length === 0 ? (
                <p className="text-muted-foreground text-sm">{t('detail.noHistory')}</p>
              ) : null}
            </section>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
