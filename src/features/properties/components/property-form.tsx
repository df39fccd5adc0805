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
import { PROPERTY_STATUSES, PROPERTY_TYPES, STATUS_LABELS, TYPE_LABELS } from '../labels';
import { propertySchema, type PropertyInput } from '../schemas';
import { SAVED } from '../navigation-state';
import { UnsavedChangesGuard } from './unsaved-changes';

/** A code already in use answers 409 (unique violation 23505): shown under the code field. */
const DUPLICATE_CODE_MESSAGE = 'Another property already uses this code';
const isDuplicateCode = (e: unknown) => e instanceof QueryError && e.code === '23505';

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));
const STATUS_OPTIONS = PROPERTY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** New property (no id) or edit one; the same schema validates the form and the write. */
export function PropertyForm({ id, initial }: { id?: string; initial: PropertyInput }) {
  const navigate = useNavigate();
  // The duplicate code is this form's case: the hooks toast every other failure.
  const onError = (e: Error) => {
    if (!isDuplicateCode(e)) return false;
    form.setError('code', { message: DUPLICATE_CODE_MESSAGE }, { shouldFocus: true });
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
        aria-label={id ? 'Edit property' : 'New property'}
      >
        <UnsavedChangesGuard when={isDirty} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Villa</legend>
          <TextField control={form.control} name="name" label="Name" autoComplete="off" />
          <TextField
            control={form.control}
            name="code"
            label="Code"
            autoComplete="off"
            className="uppercase"
            description="Short code staff use on keys and the phone, e.g. SAN-OIA-01."
          />
          <SelectField control={form.control} name="type" label="Type" options={TYPE_OPTIONS} />
          <SelectField
            control={form.control}
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            description="Inactive: out of service for now, still listed."
          />
          <NumberField control={form.control} name="bedrooms" label="Bedrooms" min={0} max={50} />
          <NumberField control={form.control} name="bathrooms" label="Bathrooms" min={0} max={50} />
          <NumberField
            control={form.control}
            name="max_guests"
            label="Maximum guests"
            min={1}
            max={100}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Location</legend>
          <TextField
            control={form.control}
            name="area"
            label="Area"
            description="The locality routes are planned by, e.g. Oia, Santorini."
          />
          <TextField
            control={form.control}
            name="address"
            label="Address"
            autoComplete="street-address"
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Owner</legend>
          <TextField control={form.control} name="owner_name" label="Owner name" />
          <TextField
            control={form.control}
            name="owner_phone"
            label="Owner phone"
            type="tel"
            inputMode="tel"
          />
          <TextField control={form.control} name="owner_email" label="Owner e-mail" type="email" />
        </fieldset>
        <TextareaField control={form.control} name="notes" label="Notes" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : id ? 'Save changes' : 'Create property'}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => navigate(id ? hrefs.property(id) : '/properties')}
          >
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}
