import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { hrefs } from '@/lib/routes';
import { DUPLICATE_CODE_MESSAGE, isDuplicateCode, useCreateProperty } from '../api/create-property';
import { useUpdateProperty } from '../api/update-property';
import { PROPERTY_STATUSES, PROPERTY_TYPES, STATUS_LABELS, TYPE_LABELS } from '../labels';
import { propertySchema, type PropertyInput } from '../schemas';
import { SAVED } from '../navigation-state';
import { UnsavedChangesGuard } from './unsaved-changes';

type TextField = Exclude<
  FieldPath<PropertyInput>,
  'bedrooms' | 'bathrooms' | 'max_guests' | 'type' | 'status'
>;

function TextInput({
  control,
  name,
  label,
  description,
  ...input
}: {
  control: Control<PropertyInput>;
  name: TextField;
  label: string;
  description?: string;
} & Omit<React.ComponentProps<typeof Input>, 'name'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function NumberInput({
  control,
  name,
  label,
  min,
  max,
}: {
  control: Control<PropertyInput>;
  name: 'bedrooms' | 'bathrooms' | 'max_guests';
  label: string;
  min: number;
  max: number;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(e) =>
                field.onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)
              }
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** New property (no id) or edit one; the same schema validates the form and the write. */
export function PropertyForm({ id, initial }: { id?: string; initial: PropertyInput }) {
  const navigate = useNavigate();
  const create = useCreateProperty();
  const update = useUpdateProperty(id ?? '');
  const saving = create.isPending || update.isPending;
  const form = useForm<PropertyInput>({
    resolver: zodResolver(propertySchema),
    defaultValues: initial,
  });
  const { isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = id ? await update.mutateAsync(values) : await create.mutateAsync(values);
      navigate(hrefs.property(saved.id), { state: SAVED });
    } catch (e) {
      // Other failures are toasted by the mutation; what was typed stays in the form.
      if (isDuplicateCode(e)) {
        form.setError('code', { message: DUPLICATE_CODE_MESSAGE }, { shouldFocus: true });
      }
    }
  });

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
          <TextInput control={form.control} name="name" label="Name" autoComplete="off" />
          <TextInput
            control={form.control}
            name="code"
            label="Code"
            autoComplete="off"
            className="uppercase"
            description="Short code staff use on keys and the phone, e.g. SAN-OIA-01."
          />
          <FormField
            control={form.control}
            name="type"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Type</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {PROPERTY_TYPES.map((t) => (
                      <NativeSelectOption key={t} value={t}>
                        {TYPE_LABELS[t]}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="status"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Status</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {PROPERTY_STATUSES.map((s) => (
                      <NativeSelectOption key={s} value={s}>
                        {STATUS_LABELS[s]}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormDescription>Inactive: out of service for now, still listed.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <NumberInput control={form.control} name="bedrooms" label="Bedrooms" min={0} max={50} />
          <NumberInput control={form.control} name="bathrooms" label="Bathrooms" min={0} max={50} />
          <NumberInput
            control={form.control}
            name="max_guests"
            label="Maximum guests"
            min={1}
            max={100}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Location</legend>
          <TextInput
            control={form.control}
            name="area"
            label="Area"
            description="The locality routes are planned by, e.g. Oia, Santorini."
          />
          <TextInput
            control={form.control}
            name="address"
            label="Address"
            autoComplete="street-address"
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Owner</legend>
          <TextInput control={form.control} name="owner_name" label="Owner name" />
          <TextInput
            control={form.control}
            name="owner_phone"
            label="Owner phone"
            type="tel"
            inputMode="tel"
          />
          <TextInput control={form.control} name="owner_email" label="Owner e-mail" type="email" />
        </fieldset>
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <textarea
                  rows={4}
                  className="border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
