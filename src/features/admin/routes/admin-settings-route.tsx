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
import { fieldOfError } from '../api/field-of-error';
import { useSettings } from '../api/get-system-settings';
import { useSaveSettings } from '../api/save-system-settings';
import type { SystemSettings } from '../api/types';
import { AdminNav } from '../components/admin-nav';
import { settingsSchema, type SettingsInput } from '../schemas';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { settingsQuery } from '../api/get-system-settings';

/** Prefetches the settings row as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, settingsQuery());

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

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

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField control={c} name="company_name" label="Company name" maxLength={100} />
        <div>
          <TextField
            control={c}
            name="time_zone"
            label="Time zone"
            list="setting-time-zones"
            autoComplete="off"
            description="Type to search, e.g. Athens or New_York. Stays and times are shown in this zone."
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
          label="Support e-mail"
          type="email"
          description="The error screen's Contact Support button writes to it."
        />
        <Field
          control={c}
          name="currency"
          label="Currency"
          render={(field) => (
            <Input
              {...field}
              maxLength={3}
              onChange={(e) => field.onChange(e.target.value.toUpperCase())}
            />
          )}
        />
        <TimeField control={c} name="default_check_in_time" label="Default check-in time" />
        <TimeField control={c} name="default_check_out_time" label="Default check-out time" />
        <SelectField
          control={c}
          name="week_start"
          label="Week starts on"
          options={DAYS.map((d, i) => ({ value: String(i + 1), label: d }))}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

export function AdminSettingsRoute() {
  const settings = useSettings();
  return (
    <div className="space-y-6">
      <PageHeader title="System Settings" description="Company, time zone and defaults." />
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
