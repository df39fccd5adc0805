import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@/components/form/text-field';
import { TranslationInputs } from '@/components/translations/translation-inputs';
import { cleanTranslations, type Translations } from '@/components/translations/translations';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { useT } from '@/lib/i18n/catalog';
import type { SettingsData } from '../api/get-cleaning-settings';
import { useSaveType } from '../api/save-cleaning-type';
import type { CleaningType } from '../api/types';
import { parseMinutes } from '../minutes';
import { CheckboxLine, RowSelectField, SettingsForm } from './fields';
import { typeSchema, type TypeFormInput } from '../schemas';
import { messages } from '../messages';

/** One cleaning type: name, minutes by bedrooms, default checklist, inspection, colour. */
export function TypeForm({
  type,
  templates,
}: {
  type: CleaningType | null;
  templates: SettingsData['templates'];
}) {
  const form = useForm<TypeFormInput>({
    resolver: zodResolver(typeSchema),
    mode: 'onChange',
    defaultValues: {
      name: type?.name ?? '',
      name_i18n: (type?.name_i18n ?? {}) as Translations,
      minutes: (type?.minutes_by_bedrooms ?? [60, 90, 120]).join(', '),
      template: type?.default_template_id ?? '',
      inspection: type?.inspection_required ?? false,
      color: type?.color ?? '#2563eb',
    },
  });
  // A new type's form is ready for the next one once it is saved; a failed save keeps it all.
  const save = useSaveType({
    onSuccess: () => {
      if (type) return;
      form.resetField('name');
      form.resetField('name_i18n');
    },
  });
  const [minutes, template, nameI18n] = useWatch({
    control: form.control,
    name: ['minutes', 'template', 'name_i18n'],
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({
      ...(type ? { id: type.id } : {}),
      name: v.name,
      name_i18n: cleanTranslations(v.name_i18n),
      minutes_by_bedrooms: parseMinutes(v.minutes) ?? [],
      default_template_id: v.template || null,
      inspection_required: v.inspection,
      color: v.color,
    }),
  );
  const c = form.control;
  const t = useT(messages);
  return (
    <SettingsForm
      form={form}
      onSubmit={onSubmit}
      label={type ? t('type.label', { name: type.name }) : t('type.new')}
      row
    >
      <div className="lg:col-span-1">
        <TextField control={c} name="name" label={t('type.name')} maxLength={60} required />
      </div>
      <div className="lg:col-span-2">
        <TextField control={c} name="minutes" label={t('type.minutes')} />
      </div>
      <RowSelectField
        control={c}
        name="template"
        label={t('type.template')}
        empty={t('type.none')}
        rows={templates.filter((t) => !t.archived || t.id === template)}
      />
      <div className="flex items-center gap-3">
        <CheckboxLine control={c} name="inspection" label={t('type.inspection')} />
        <FormField
          control={c}
          name="color"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm">
              <input type="color" {...field} aria-label={t('type.colour')} className="h-8 w-10" />
            </label>
          )}
        />
      </div>
      <TranslationInputs
        className="sm:col-span-2 lg:col-span-6"
        name={t('type.name')}
        value={nameI18n}
        maxLength={60}
        onChange={(value) => form.setValue('name_i18n', value, { shouldDirty: true })}
      />
      <Button type="submit" size="sm" disabled={save.isPending || parseMinutes(minutes) === null}>
        {t(type ? 'type.save' : 'type.add')}
      </Button>
    </SettingsForm>
  );
}
