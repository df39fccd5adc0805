// Move stock in one action (inventory.adjust): from a warehouse to a van, a van to a villa, or
// straight from a warehouse to a villa. One inventory_transfer call: the server writes the pair
// (out and in) in one transaction, and refuses what the place does not hold (under the quantity).
// What the chosen "from" place holds is read by location (its stock rows, kept on this device).
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/catalog';
import { placeStockQueryOptions } from '@/domain/inventory/reads';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';
import { useTransfer } from '../api/transfer-stock';
import { messages } from '../messages';
import { transferSchema, type TransferValues } from '../schemas';
import { locationOptions } from './location-options';
import { callOf, refusalsUnderFields } from './stock-form';
import { StockFormFrame } from './stock-form-frame';

export function TransferForm({
  items,
  locations,
  onDone,
}: {
  items: readonly InventoryItem[];
  locations: readonly InventoryLocation[];
  onDone: () => void;
}) {
  const t = useT(messages);
  const form = useForm<TransferValues>({
    resolver: zodResolver(transferSchema),
    defaultValues: {
      item_id: '',
      from_location_id: '',
      to_location_id: '',
      quantity: Number.NaN,
      reason: '',
    },
  });
  const itemId = useWatch({ control: form.control, name: 'item_id' });
  const fromId = useWatch({ control: form.control, name: 'from_location_id' });
  const from = useQuery({ ...placeStockQueryOptions(fromId), enabled: fromId !== '' });
  // An item with no stock row at the place holds 0 there.
  const held =
    itemId && from.data
      ? (from.data.rows.find((s) => s.item_id === itemId)?.on_hand ?? 0)
      : undefined;
  const move = useTransfer(
    refusalsUnderFields(
      form,
      { item: 'item_id', quantity: 'quantity', place: 'to_location_id' },
      onDone,
    ),
  );
  const onSubmit = form.handleSubmit((values) => move.mutate(callOf(items, values)));
  const places = locationOptions(locations);
  return (
    <StockFormFrame
      form={form}
      label={t('transfer.title')}
      submit={t('transfer.submit')}
      pending={move.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <SelectField
        control={form.control}
        name="item_id"
        label={t('form.item')}
        className="sm:col-span-2"
        options={[
          { value: '', label: t('form.chooseItem') },
          ...items.map((i) => ({ value: i.id, label: i.name })),
        ]}
      />
      <SelectField
        control={form.control}
        name="from_location_id"
        label={t('transfer.from')}
        description={held !== undefined ? t('transfer.holds', { count: held }) : undefined}
        options={[{ value: '', label: t('form.choosePlace') }, ...places]}
      />
      <SelectField
        control={form.control}
        name="to_location_id"
        label={t('transfer.to')}
        options={[{ value: '', label: t('form.choosePlace') }, ...places]}
      />
      <NumberField control={form.control} name="quantity" label={t('form.quantity')} min={1} />
      <TextField control={form.control} name="reason" label={t('form.note')} />
    </StockFormFrame>
  );
}
