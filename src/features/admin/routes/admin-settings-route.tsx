// /admin/settings: the one system_settings row. Field messages for bad input (a time zone that
// does not exist, a support e-mail that is not an address...); what was typed stays in the form
// when a save fails. docs/admin.md
import { useMemo, useState, type FormEvent } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { fieldOfError, useSaveSettings, useSettings, type SystemSettings } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

type Form = Pick<
  SystemSettings,
  | 'company_name'
  | 'time_zone'
  | 'support_email'
  | 'default_check_in_time'
  | 'default_check_out_time'
  | 'currency'
  | 'week_start'
>;

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SettingsForm({ initial }: { initial: SystemSettings }) {
  const save = useSaveSettings();
  const zoneList = useMemo(() => zones(), []);
  const [form, setForm] = useState<Form>({
    company_name: initial.company_name,
    time_zone: initial.time_zone,
    support_email: initial.support_email,
    default_check_in_time: initial.default_check_in_time.slice(0, 5),
    default_check_out_time: initial.default_check_out_time.slice(0, 5),
    currency: initial.currency,
    week_start: initial.week_start,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const described = (k: keyof Form) =>
    ({
      'aria-invalid': errors[k] ? true : undefined,
      'aria-describedby': errors[k] ? `setting-${k}-error` : undefined,
    }) as const;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Partial<Record<keyof Form, string>> = {};
    if (!form.company_name.trim()) next.company_name = 'Enter a company name.';
    if (!EMAIL.test(form.support_email))
      next.support_email = 'The support e-mail must be an e-mail address.';
    if (zoneList.length && !zoneList.includes(form.time_zone) && form.time_zone !== 'UTC')
      next.time_zone = 'This time zone does not exist.';
    if (!/^[A-Z]{3}$/.test(form.currency))
      next.currency = 'Use a three-letter currency code, e.g. EUR.';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({ ...form, company_name: form.company_name.trim() });
      notify.success('Settings saved');
    } catch (err) {
      const f = fieldOfError(err);
      if (f) setErrors({ [f.field]: f.message });
      else notify.error(errorMessage(err, 'Could not save the settings'));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field id="setting-company_name" label="Company name" error={errors.company_name}>
        <Input
          id="setting-company_name"
          value={form.company_name}
          maxLength={100}
          {...described('company_name')}
          onChange={(e) => set('company_name', e.target.value)}
        />
      </Field>
      <Field
        id="setting-time_zone"
        label="Time zone"
        error={errors.time_zone}
        hint="Type to search, e.g. Athens or New_York. Stays and times are shown in this zone."
      >
        <Input
          id="setting-time_zone"
          list="setting-time-zones"
          value={form.time_zone}
          autoComplete="off"
          {...described('time_zone')}
          onChange={(e) => set('time_zone', e.target.value)}
        />
        <datalist id="setting-time-zones">
          {zoneList.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </Field>
      <Field
        id="setting-support_email"
        label="Support e-mail"
        error={errors.support_email}
        hint="The error screen's Contact Support button writes to it."
      >
        <Input
          id="setting-support_email"
          type="email"
          value={form.support_email}
          {...described('support_email')}
          onChange={(e) => set('support_email', e.target.value)}
        />
      </Field>
      <Field id="setting-currency" label="Currency" error={errors.currency}>
        <Input
          id="setting-currency"
          value={form.currency}
          maxLength={3}
          {...described('currency')}
          onChange={(e) => set('currency', e.target.value.toUpperCase())}
        />
      </Field>
      <Field id="setting-default_check_in_time" label="Default check-in time">
        <Input
          id="setting-default_check_in_time"
          type="time"
          value={form.default_check_in_time}
          onChange={(e) => set('default_check_in_time', e.target.value)}
        />
      </Field>
      <Field id="setting-default_check_out_time" label="Default check-out time">
        <Input
          id="setting-default_check_out_time"
          type="time"
          value={form.default_check_out_time}
          onChange={(e) => set('default_check_out_time', e.target.value)}
        />
      </Field>
      <Field id="setting-week_start" label="Week starts on">
        <NativeSelect
          id="setting-week_start"
          value={String(form.week_start)}
          onChange={(e) => set('week_start', Number(e.target.value))}
        >
          {DAYS.map((d, i) => (
            <NativeSelectOption key={d} value={String(i + 1)}>
              {d}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
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
