import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { QueryError } from '@/lib/errors';
import { hrefs } from '@/lib/routes';
import { useCreateProperty } from '../api/create-property';
import { useUpdateProperty } from '../api/update-property';
import { PROPERTY_STATUSES, PROPERTY_TYPES, statusLabel, typeLabel } from '../labels';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';
import { propertySchema, type PropertyInput } from '../schemas';
import { SAVED } from '../navigation-state';
import { UnsavedChangesGuard } from './unsaved-changes';

/** A code already in use answers 409 (unique violation 23505): shown under the code field. */
const isDuplicateCode = (e: unknown) => e instanceof QueryError && e.code === '23505';

/** New property (no id) or edit one; the same schema validates the form and the write. */
export function PropertyForm({ id, initial }: { id?: string; initial: PropertyInput }) {
  const t = useT(messages);
  const navigate = useNavigate();
  // The duplicate code is this form's case: the hooks toast every other failure.
  const onError = (e: Error) => {
    if (!isDuplicateCode(e)) return false;
    form.setError('code', { message: messages.ref('form.duplicateCode') }, { shouldFocus: true });
    return true;
  };
  // Saved (sent or kept on this device): the villa's page.
  const onSuccess = (saved: { id: string }) => navigate(hrefs.property(saved.id), { state: SAVED });
  const create = useCreateProperty({ onSuccess, onError });
  const update = useUpdateProperty(id ?? '', { onSuccess, onError });
  const saving = create.isPending || update.isPending;
  const form = useForm<PropertyInput>({
    resolver: zodResolver(propertySchema),
    defaultValues: initial,
  });
  const { isDirty } = form.formState;

  // A failure is shown by onError above or the hook's toast; what was typed stays in the form.
  const onSubmit = form.handleSubmit((values) =>
    id ? update.mutate(values) : create.mutate(values),
  );

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-8"
        aria-label={id ? t('form.edit') : t('form.new')}
      >
        <UnsavedChangesGuard when={isDirty} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">{t('form.villa')}</legend>
          <TextField control={form.control} name="name" label={t('form.name')} autoComplete="off" />
          <TextField
            control={form.control}
            name="code"
            label={t('form.code')}
            autoComplete="off"
            className="uppercase"
            description={t('form.codeHint')}
          />
          <SelectField
            control={form.control}
            name="type"
            label={t('form.type')}
            options={PROPERTY_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
          />
          <SelectField
            control={form.control}
            name="status"
            label={t('form.status')}
            options={PROPERTY_STATUSES.map((v) => ({ value: v, label: statusLabel(v) }))}
            description={t('form.statusHint')}
          />
          <NumberField
            control={form.control}
            name="bedrooms"
            label={t('form.bedrooms')}
            min={0}
            max={50}
          />
          <NumberField
            control={form.control}
            name="bathrooms"
            label={t('form.bathrooms')}
            min={0}
            max={50}
          />
          <NumberField
            control={form.control}
            name="max_guests"
            label={t('form.maxGuests')}
            min={1}
            max={100}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">{t('form.location')}</legend>
          <TextField
            control={form.control}
            name="area"
            label={t('form.area')}
            description={t('form.areaHint')}
          />
          <TextField
            control={form.control}
            name="address"
            label={t('form.address')}
            autoComplete="street-address"
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">{t('form.owner')}</legend>
          <TextField control={form.control} name="owner_name" label={t('form.ownerName')} />
          <TextField
            control={form.control}
            name="owner_phone"
            label={t('form.ownerPhone')}
            type="tel"
            inputMode="tel"
          />
          <TextField
            control={form.control}
            name="owner_email"
            label={t('form.ownerEmail')}
            type="email"
          />
        </fieldset>
        <TextareaField control={form.control} name="notes" label={t('form.notes')} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? t('form.saving') : id ? t('form.save') : t('form.create')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => navigate(id ? hrefs.property(id) : '/properties')}
          >
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
