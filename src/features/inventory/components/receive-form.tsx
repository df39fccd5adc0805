// Receive a delivery into a warehouse (inventory.manage): item, warehouse, quantity, a note. The
// schema's messages and the server's refusals show under their fields; what was typed stays.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/catalog';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';
import { useReceive } from '../api/receive-stock';
import { messages } from '../messages';
import { receiveSchema, type ReceiveValues } from '../schemas';
import { locationOptions } from './location-options';
import { callOf, refusalsUnderFields } from './stock-form';
import { StockFormFrame } from './stock-form-frame';

export function ReceiveForm({
  items,
  locations,
  onDone,
}: {
  items: readonly InventoryItem[];
  locations: readonly InventoryLocation[];
  onDone: () => void;
}) {
  const t = useT(messages);
  const warehouses = locations.filter((l) => l.kind === 'warehouse');
  const form = useForm<ReceiveValues>({
    resolver: zodResolver(receiveSchema),
    defaultValues: {
      item_id: '',
      location_id: warehouses.length === 1 ? (warehouses[0]?.id ?? '') : '',
      quantity: Number.NaN,
      reason: '',
    },
  });
  const receive = useReceive(
    refusalsUnderFields(
      form,
      { item: 'item_id', quantity: 'quantity', place: 'location_id' },
      onDone,
    ),
  );
  const onSubmit = form.handleSubmit((values) => receive.mutate(callOf(items, values)));
  return (
    <StockFormFrame
      form={form}
      label={t('receive.title')}
      submit={t('receive.submit')}
      pending={receive.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <SelectField
        control={form.control}
        name="item_id"
        label={t('form.item')}
        options={[
          { value: '', label: t('form.chooseItem') },
          ...items.map((i) => ({ value: i.id, label: i.sku ? `${i.name} (${i.sku})` : i.name })),
        ]}
      />
      <SelectField
        control={form.control}
        name="location_id"
        label={t('form.warehouse')}
        options={[{ value: '', label: t('form.chooseWarehouse') }, ...locationOptions(warehouses)]}
      />
      <NumberField control={form.control} name="quantity" label={t('form.quantity')} min={1} />
      <TextField
        control={form.control}
        name="reason"
        label={t('form.note')}
        description={t('receive.noteHint')}
      />
    </StockFormFrame>
  );
}
