// A new item or an item's edit (inventory.manage): name, SKU, barcode, category, unit, pack size,
// unit cost, active. The schema's messages show under their fields; a SKU already in use (the
// table's unique key) shows under the SKU, a barcode another item carries under the barcode (the
// table does not make barcodes unique: checked here against the items this device has read);
// what was typed stays. No photo: the table has a photo_path column but no storage bucket takes
// inventory photos yet (docs/inventory.md "Managing items and places").
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { FormField } from '@/components/ui/form';
import { useT } from '@/lib/i18n/catalog';
import { categoryLabel } from '@/domain/inventory/labels';
import { CATEGORIES, type InventoryItem } from '@/domain/inventory/types';
import { isDuplicateSku, useSaveItem } from '../api/save-item';
import { manageMessages } from '../manage/messages';
import { itemSchema, type ItemValues } from '../schemas';
import { StockFormFrame } from './stock-form-frame';

export function ItemForm({
  id,
  initial,
  items,
  onDone,
}: {
  /** The item edited; none for a new one. */
  id?: string;
  initial: ItemValues;
  /** The items this device has read: a barcode another carries is refused here. */
  items: readonly Pick<InventoryItem, 'id' | 'name' | 'barcode'>[];
  /** Saved or cancelled: the item to open next (none: back to the list). */
  onDone: (id: string) => void;
}) {
  const tm = useT(manageMessages);
  const form = useForm<ItemValues>({ resolver: zodResolver(itemSchema), defaultValues: initial });
  const save = useSaveItem({
    // Sent: the item's detail opens. Kept on this device (offline): the server has no row to show
    // yet, so back to the list (the sync panel shows it waiting).
    onSuccess: (saved) => onDone(saved.result === 'applied' ? saved.id : ''),
    onError: (e) => {
      if (!isDuplicateSku(e)) return false;
      form.setError(
        'sku',
        { message: manageMessages.ref('manage.skuTaken') },
        { shouldFocus: true },
      );
      return true;
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    const code = values.barcode.trim();
    const other = code ? items.find((i) => i.id !== id && i.barcode === code) : undefined;
    if (other) {
      form.setError(
        'barcode',
        { message: tm('manage.barcodeTaken', { item: other.name }) },
        { shouldFocus: true },
      );
      return;
    }
    save.mutate({ ...(id ? { id } : {}), values });
  });
  return (
    <StockFormFrame
      form={form}
      label={id ? tm('manage.editTitle') : tm('manage.newTitle')}
      submit={id ? tm('manage.save') : tm('manage.create')}
      pending={save.isPending}
      onSubmit={onSubmit}
      onCancel={() => onDone(id ?? '')}
    >
      <TextField
        control={form.control}
        name="name"
        label={tm('manage.name')}
        autoComplete="off"
        className="sm:col-span-2"
      />
      <TextField
        control={form.control}
        name="sku"
        label={tm('manage.sku')}
        autoComplete="off"
        description={tm('manage.skuHint')}
      />
      <TextField
        control={form.control}
        name="barcode"
        label={tm('manage.barcode')}
        autoComplete="off"
        inputMode="numeric"
        description={tm('manage.barcodeHint')}
      />
      <SelectField
        control={form.control}
        name="category"
        label={tm('manage.category')}
        options={CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
      />
      <TextField
        control={form.control}
        name="unit"
        label={tm('manage.unit')}
        autoComplete="off"
        description={tm('manage.unitHint')}
      />
      <NumberField
        control={form.control}
        name="pack_size"
        label={tm('manage.packSize')}
        min={1}
        max={10_000}
      />
      <NumberField
        control={form.control}
        name="unit_cost"
        label={tm('manage.unitCost')}
        min={0}
        step={0.01}
        description={tm('manage.unitCostHint')}
      />
      <FormField
        control={form.control}
        name="active"
        render={({ field }) => (
          <div className="space-y-1 sm:col-span-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.checked)}
              />
              {tm('manage.active')}
            </label>
            <p className="text-muted-foreground text-xs">{tm('manage.activeHint')}</p>
          </div>
        )}
      />
    </StockFormFrame>
  );
}
