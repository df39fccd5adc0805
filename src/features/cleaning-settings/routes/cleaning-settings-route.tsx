// /cleaning-settings (manager, settings.manage): cleaning types, turnover rules and per-villa
// overrides (docs/housekeeping.md).
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useT } from '@/lib/i18n/catalog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useDeleteOverride } from '../api/delete-override';
import { useCleaningSettings, type SettingsData } from '../api/get-cleaning-settings';
import { useSaveDefaultHousekeeper } from '../api/save-default-housekeeper';
import { useSaveOverride } from '../api/save-override';
import { useSaveRules } from '../api/save-turnover-rules';
import type { TurnoverRules } from '../api/types';
import { CheckboxLine, RowSelectField, SettingsForm } from '../components/fields';
import { TypeForm } from '../components/type-form';
import { messages } from '../messages';
import {
  overrideSchema,
  rulesSchema,
  wholeIn,
  type OverrideFormInput,
  type RulesFormInput,
} from '../schemas';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { getCleaningSettingsQueryOptions } from '../api/get-cleaning-settings';

/** Prefetches the settings as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, getCleaningSettingsQueryOptions());

function RulesForm({ rules }: { rules: TurnoverRules }) {
  const save = useSaveRules();
  const form = useForm<RulesFormInput>({
    resolver: zodResolver(rulesSchema),
    mode: 'onChange',
    defaultValues: {
      enabled: rules.enabled,
      hours: String(rules.fallback_window_hours),
      sameDay: rules.flag_same_day,
    },
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({
      enabled: v.enabled,
      fallback_window_hours: Number(v.hours),
      flag_same_day: v.sameDay,
    }),
  );
  const c = form.control;
  const validHours = wholeIn(1, 720)(useWatch({ control: c, name: 'hours' }));
  const t = useT(messages);
  return (
    <SettingsForm form={form} onSubmit={onSubmit} label={t('rules.label')}>
      <CheckboxLine control={c} name="enabled" label={t('rules.enabled')} />
      <div className="max-w-xs">
        <TextField
          control={c}
          name="hours"
          label={t('rules.hours')}
          type="number"
          min={1}
          max={720}
        />
      </div>
      <p className="text-muted-foreground text-xs">{t('rules.otherwise')}</p>
      <CheckboxLine control={c} name="sameDay" label={t('rules.sameDay')} />
      <Button type="submit" size="sm" disabled={!validHours || save.isPending}>
        {t('rules.save')}
      </Button>
    </SettingsForm>
  );
}

function Overrides({ data }: { data: SettingsData }) {
  const save = useSaveOverride();
  const remove = useDeleteOverride();
  const saveDefault = useSaveDefaultHousekeeper();
  const form = useForm<OverrideFormInput>({
    resolver: zodResolver(overrideSchema),
    mode: 'onChange',
    defaultValues: { villa: '', type: '', minutes: '', template: '', inspection: '' },
  });
  const villaName = new Map(data.villas.map((v) => [v.id, v.name]));
  const typeName = new Map(data.types.map((t) => [t.id, t.name]));
  const templateName = new Map(data.templates.map((t) => [t.id, t.name]));
  const defaults = new Map(data.defaults.map((d) => [d.property_id, d.default_housekeeper_id]));
  const c = form.control;
  const minutes = useWatch({ control: c, name: 'minutes' });
  const validMinutes = minutes === '' || wholeIn(5, 1440)(minutes);
  const t = useT(messages);
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({
      property_id: v.villa,
      cleaning_type_id: v.type,
      minutes: v.minutes === '' ? null : Number(v.minutes),
      template_id: v.template || null,
      inspection_required: v.inspection === '' ? null : v.inspection === 'yes',
    }),
  );
  return (
    <div className="space-y-4">
      <SettingsForm form={form} onSubmit={onSubmit} label={t('override.label')} row>
        <RowSelectField
          control={c}
          name="villa"
          label={t('override.villa')}
          required
          empty={t('override.chooseVilla')}
          rows={data.villas}
        />
        <RowSelectField
          control={c}
          name="type"
          label={t('override.type')}
          required
          empty={t('override.chooseType')}
          rows={data.types}
        />
        <TextField
          control={c}
          name="minutes"
          label={t('override.minutes')}
          type="number"
          min={5}
          max={1440}
          placeholder={t('override.default')}
        />
        <RowSelectField
          control={c}
          name="template"
          label={t('override.checklist')}
          empty={t('override.default')}
          rows={data.templates.filter((t) => !t.archived)}
        />
        <SelectField
          control={c}
          name="inspection"
          label={t('override.inspection')}
          options={[
            { value: '', label: t('override.default') },
            { value: 'yes', label: t('override.required') },
            { value: 'no', label: t('override.notRequired') },
          ]}
        />
        <Button type="submit" size="sm" disabled={save.isPending || !validMinutes}>
          {t('override.save')}
        </Button>
      </SettingsForm>
      <div className="overflow-x-auto rounded-md border">
        <Table aria-label={t('override.table')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('override.col.villa')}</TableHead>
              <TableHead>{t('override.col.type')}</TableHead>
              <TableHead>{t('override.col.minutes')}</TableHead>
              <TableHead>{t('override.col.checklist')}</TableHead>
              <TableHead>{t('override.col.inspection')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('override.col.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.overrides.map((o) => (
              <TableRow key={o.id}>
                <TableCell>{villaName.get(o.property_id) ?? '—'}</TableCell>
                <TableCell>{typeName.get(o.cleaning_type_id)}</TableCell>
                <TableCell>{o.minutes ?? t('override.default')}</TableCell>
                <TableCell>
                  {o.template_id ? templateName.get(o.template_id) : t('override.default')}
                </TableCell>
                <TableCell>
                  {o.inspection_required === null
                    ? t('override.default')
                    : o.inspection_required
                      ? t('override.required')
                      : t('override.notRequired')}
                </TableCell>
                <TableCell>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('override.removeLabel', {
                      villa: villaName.get(o.property_id) ?? t('override.villaFallback'),
                      type: typeName.get(o.cleaning_type_id) ?? '',
                    })}
                    onClick={() => remove.mutate(o.id)}
                  >
                    {t('override.remove')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <h3 className="text-base font-semibold">{t('housekeeper.title')}</h3>
      <p className="text-muted-foreground text-sm">{t('housekeeper.intro')}</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {data.villas.map((v) => (
          <li
            key={v.id}
            className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm"
          >
            <span>{v.name}</span>
            <NativeSelect
              size="sm"
              aria-label={t('housekeeper.label', { villa: v.name })}
              value={defaults.get(v.id) ?? ''}
              onChange={(e) =>
                saveDefault.mutate({
                  property_id: v.id,
                  default_housekeeper_id: e.target.value || null,
                })
              }
            >
              <NativeSelectOption value="">{t('housekeeper.none')}</NativeSelectOption>
              {data.housekeepers.map((h) => (
                <NativeSelectOption key={h.id} value={h.id}>
                  {h.full_name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CleaningSettingsRoute() {
  const settings = useCleaningSettings();
  const data = settings.data;
  const t = useT(messages);
  return (
    <div className="space-y-6">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {settings.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          {t('page.loading')}
        </p>
      ) : !data ? (
        <p role="alert" className="text-destructive text-sm">
          {t('page.loadFailed')}
        </p>
      ) : (
        <>
          <section aria-labelledby="types-heading" className="space-y-3">
            <h2 id="types-heading" className="text-lg font-semibold">
              {t('page.types')}
            </h2>
            {data.types.map((t) => (
              <TypeForm key={`${t.id}-${t.updated_at}`} type={t} templates={data.templates} />
            ))}
            <TypeForm type={null} templates={data.templates} />
          </section>
          <section aria-labelledby="rules-heading" className="space-y-3">
            <h2 id="rules-heading" className="text-lg font-semibold">
              {t('page.rules')}
            </h2>
            {data.rules ? <RulesForm key={data.rules.updated_at} rules={data.rules} /> : null}
          </section>
          <section aria-labelledby="overrides-heading" className="space-y-3">
            <h2 id="overrides-heading" className="text-lg font-semibold">
              {t('page.overrides')}
            </h2>
            <Overrides data={data} />
          </section>
        </>
      )}
    </div>
  );
}
