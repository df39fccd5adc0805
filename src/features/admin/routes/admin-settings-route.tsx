// /admin/settings: the one system_settings row. Field messages for bad input (a time zone that
// does not exist, a support e-mail that is not an address...); what was typed stays in the form
// when a save fails. docs/admin.md
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { TimeField } from '@/components/form/date-field';
import { TextField } from '@/components/form/text-field';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/catalog';
import { fieldOfError } from '../api/field-of-error';
import { useSettings } from '../api/get-system-settings';
import { useSaveSettings } from '../api/save-system-settings';
import type { SystemSettings } from '../api/types';
import { AdminNav } from '../components/admin-nav';
import { messages } from '../messages';
import { settingsSchema, type SettingsInput } from '../schemas';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { settingsQuery } from '../api/get-system-settings';

/** Prefetches the settings row as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, settingsQuery());

// The week's days as the settings store them, 1 Monday to 7 Sunday (`settings.day.*`).
const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function SettingsForm({ initial }: { initial: SystemSettings }) {
  const zoneList = useMemo(() => zones(), []);
  const form = useForm<SettingsInput>({
    resolver: zodResolver(settingsSchema(zoneList)),
    defaultValues: {
      company_name: initial.company_name,
      time_zone: initial.time_zone,
      support_email: initial.support_email,
      default_check_in_time: initial.default_check_in_time.slice(0, 5),
      default_check_out_time: initial.default_check_out_time.slice(0, 5),
      currency: initial.currency,
      week_start: String(initial.week_start),
      allow_negative_stock: initial.allow_negative_stock,
    },
  });
  // A refusal the database gives for one field is shown under it; what was typed stays.
  const save = useSaveSettings({
    onError: (err) => {
      const f = fieldOfError(err);
      if (f && f.field in form.getValues()) {
        form.setError(f.field as keyof SettingsInput, { message: f.message });
        return true;
      }
      return false;
    },
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({ ...v, week_start: Number(v.week_start) }),
  );
  const c = form.control;
  const t = useT(messages);

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={c}
          name="company_name"
          label={t('settings.companyName')}
          maxLength={100}
        />
        <div>
          <TextField
            control={c}
            name="time_zone"
            label={t('settings.timeZone')}
            list="setting-time-zones"
            autoComplete="off"
            description={t('settings.timeZoneHint')}
          />
          <datalist id="setting-time-zones">
            {zoneList.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <TextField
          control={c}
          name="support_email"
          label={t('settings.supportEmail')}
          type="email"
          description={t('settings.supportEmailHint')}
        />
        <Field
          control={c}
          name="currency"
          label={t('settings.currency')}
          render={(field) => (
            <Input
              {...field}
              maxLength={3}
              onChange={(e) => field.onChange(e.target.value.toUpperCase())}
            />
          )}
        />
        <TimeField control={c} name="default_check_in_time" label={t('settings.checkIn')} />
        <TimeField control={c} name="default_check_out_time" label={t('settings.checkOut')} />
        <SelectField
          control={c}
          name="week_start"
          label={t('settings.weekStart')}
          options={DAYS.map((d) => ({ value: d, label: t(`settings.day.${d}`) }))}
        />
        <div className="sm:col-span-2">
          <Field
            control={c}
            name="allow_negative_stock"
            label={t('settings.negativeStock')}
            description={t('settings.negativeStockHint')}
            render={({ value, onChange, ...field }) => (
              <input
                {...field}
                type="checkbox"
                className="size-5"
                checked={value}
                onChange={(e) => onChange(e.target.checked)}
              />
            )}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? 'settings.saving' : 'settings.save')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

export function AdminSettingsRoute() {
  const settings = useSettings();
  const t = useT(messages);
  return (
    <div className="space-y-6">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <AdminNav />
      <Card>
        <CardContent className="pt-6">
          {settings.isPending ? (
            <Skeleton className="h-60" />
          ) : settings.isError ? (
            <p role="alert">{settings.error.message}</p>
          ) : (
            <SettingsForm initial={settings.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
