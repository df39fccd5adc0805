// Parts used on a work order (docs/inventory.md "Parts on work orders"), in its detail for whoever
// works on it (inventory's workOrderParts, ../area.ts, lazy): an item, a quantity and where it came
// from (the technician's van by default), recorded as inventory_consume with work_order_id through
// the sync queue (what each item holds there is the place's stock, read by location); the server adds quantity x unit cost to the work order's parts cost, which the
// detail shows once the work order is read again.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { countLocationsQueryOptions, onHandAt } from '@/domain/inventory/count';
import { itemsQueryOptions, placeStockQueryOptions } from '@/domain/inventory/reads';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { useConsume } from '../api/consume-save';
import { messages } from '../messages';

export function WorkOrderParts({ workOrderId }: { workOrderId: string }) {
  const t = useT(messages);
  const me = useAuth().user?.id ?? '';
  const items = useQuery(itemsQueryOptions());
  const locations = useQuery(countLocationsQueryOptions());
  const places = (locations.data ?? []).filter((l) => l.kind !== 'van' || l.holder_id === me);
  const myVan = places.find((l) => l.kind === 'van' && l.holder_id === me);
  const [itemId, setItemId] = useState('');
  const [chosenLocation, setLocation] = useState('');
  const [quantity, setQuantity] = useState('1');
  const save = useConsume([workOrderKeys.all], {
    onSuccess: () => {
      setItemId('');
      setQuantity('1');
    },
  });
  const locationId = chosenLocation || myVan?.id || '';
  // What the chosen place holds, read by location (kept on this device).
  const here = useQuery({ ...placeStockQueryOptions(locationId), enabled: locationId !== '' });
  const rows = items.data?.rows ?? [];
  // Spare parts first: what a technician carries.
  const sorted = [
    ...rows.filter((i) => i.category === 'spare_parts'),
    ...rows.filter((i) => i.category !== 'spare_parts'),
  ];
  const item = rows.find((i) => i.id === itemId);
  const n = Number(quantity);
  const valid = item && locationId && Number.isFinite(n) && n > 0;
  return (
    <section aria-labelledby="wo-parts" className="space-y-2">
      <h3 id="wo-parts" className="font-medium">
        {t('parts.title')}
      </h3>
      <div className="space-y-1">
        <Label htmlFor="wo-part-item">{t('parts.item')}</Label>
        <NativeSelect
          id="wo-part-item"
          className="w-full"
          value={itemId}
          onChange={(e) => setItemId(e.target.value)}
        >
          <option value="">{t('parts.pickItem')}</option>
          {sorted.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
              {here.data ? ` (${onHandAt(here.data.rows, i.id)} ${i.unit})` : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor="wo-part-location">{t('parts.from')}</Label>
          <NativeSelect
            id="wo-part-location"
            className="w-full"
            value={locationId}
            onChange={(e) => setLocation(e.target.value)}
          >
            <option value="">{t('parts.pickLocation')}</option>
            {places.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-20 space-y-1">
          <Label htmlFor="wo-part-quantity">{t('parts.quantity')}</Label>
          <Input
            id="wo-part-quantity"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </div>
      </div>
      <Button
        type="button"
        disabled={!valid || save.isPending}
        onClick={() =>
          item &&
          save.mutate({
            locationId,
            workOrderId,
            lines: [{ item: { id: item.id, name: item.name }, quantity: n }],
          })
        }
      >
        {t('parts.add')}
      </Button>
    </section>
  );
}
