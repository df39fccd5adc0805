// A new warehouse or van, or one's edit (inventory.manage): its name, a van's driver (technicians
// first, from the staff directory), and "In use" (off: it leaves the forms' pickers and count
// mode; its stock and movements stay). A villa's place is the villa's: not edited here.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { FormField } from '@/components/ui/form';
import { useT } from '@/lib/i18n/catalog';
import { useDrivers } from '../api/get-places';
import { useSavePlace } from '../api/save-place';
import { manageMessages } from '../manage/messages';
import { placeSchema, type PlaceValues } from '../schemas';
import { StockFormFrame } from './stock-form-frame';

export function PlaceForm({
  id,
  initial,
  onDone,
}: {
  /** The place edited; none for a new one. */
  id?: string;
  initial: PlaceValues;
  onDone: () => void;
}) {
  const tm = useT(manageMessages);
  const van = initial.kind === 'van';
  const drivers = useDrivers(van);
  const form = useForm<PlaceValues>({ resolver: zodResolver(placeSchema), defaultValues: initial });
  const save = useSavePlace({ onSuccess: onDone });
  const onSubmit = form.handleSubmit((values) => save.mutate({ ...(id ? { id } : {}), values }));
  const title = id
    ? tm('locations.editTitle', { name: initial.name })
    : van
      ? tm('locations.newVanTitle')
      : tm('locations.newWarehouseTitle');
  const options = (drivers.data ?? []).map((d) => ({
    value: d.id,
    label: d.technician ? d.name : tm('locations.notTechnician', { name: d.name }),
  }));
  // The driver kept even when the directory no longer lists them (no longer active).
  if (initial.holder_id && !options.some((o) => o.value === initial.holder_id))
    options.unshift({ value: initial.holder_id, label: tm('locations.formerDriver') });
  return (
    <StockFormFrame
      form={form}
      label={title}
      submit={id ? tm('locations.save') : tm('locations.create')}
      pending={save.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <TextField
        control={form.control}
        name="name"
        label={tm('locations.name')}
        autoComplete="off"
      />
      {van ? (
        <SelectField
          control={form.control}
          name="holder_id"
          label={tm('locations.driver')}
          options={[{ value: '', label: tm('locations.chooseDriver') }, ...options]}
        />
      ) : null}
      {id ? (
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
                {tm('locations.active')}
              </label>
              <p className="text-muted-foreground text-xs">{tm('locations.activeHint')}</p>
            </div>
          )}
        />
      ) : null}
    </StockFormFrame>
  );
}
