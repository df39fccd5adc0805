// /cleaning-settings (manager, settings.manage): cleaning types, turnover rules and per-villa
// overrides (docs/housekeeping.md).
import { useState, type FormEvent } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
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
import { useSaveType } from '../api/save-cleaning-type';
import { useSaveDefaultHousekeeper } from '../api/save-default-housekeeper';
import { useSaveOverride } from '../api/save-override';
import { useSaveRules } from '../api/save-turnover-rules';
import type { TurnoverRules } from '../api/types';
import { TypeForm } from '../components/type-form';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { getCleaningSettingsQueryOptions } from '../api/get-cleaning-settings';

/** Prefetches the settings as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, getCleaningSettingsQueryOptions());

function RulesForm({ rules }: { rules: TurnoverRules }) {
  const save = useSaveRules();
  const [enabled, setEnabled] = useState(rules.enabled);
  const [hours, setHours] = useState(String(rules.fallback_window_hours));
  const [sameDay, setSameDay] = useState(rules.flag_same_day);
  const n = Number(hours);
  const valid = Number.isInteger(n) && n >= 1 && n <= 720;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) save.mutate({ enabled, fallback_window_hours: n, flag_same_day: sameDay });
  };
  return (
    <form onSubmit={submit} aria-label="Turnover rules" className="space-y-3 rounded-md border p-3">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Create a turnover clean for every confirmed check-out
      </label>
      <div className="max-w-xs space-y-1">
        <Label htmlFor="fallback-hours">Window when no stay follows (hours)</Label>
        <Input
          id="fallback-hours"
          type="number"
          min={1}
          max={720}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          aria-invalid={!valid}
        />
      </div>
      <p className="text-muted-foreground text-xs">
        Otherwise the window runs from the check-out to the villa's next confirmed check-in.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={sameDay} onChange={(e) => setSameDay(e.target.checked)} />
        Flag same-day turnovers
      </label>
      <Button type="submit" size="sm" disabled={!valid || save.isPending}>
        Save rules
      </Button>
    </form>
  );
}

function Overrides({ data }: { data: SettingsData }) {
  const save = useSaveOverride();
  const remove = useDeleteOverride();
  const saveDefault = useSaveDefaultHousekeeper();
  const [villa, setVilla] = useState('');
  const [type, setType] = useState('');
  const [minutes, setMinutes] = useState('');
  const [template, setTemplate] = useState('');
  const [inspection, setInspection] = useState('');
  const villaName = new Map(data.villas.map((v) => [v.id, v.name]));
  const typeName = new Map(data.types.map((t) => [t.id, t.name]));
  const templateName = new Map(data.templates.map((t) => [t.id, t.name]));
  const defaults = new Map(data.defaults.map((d) => [d.property_id, d.default_housekeeper_id]));
  const m = minutes === '' ? null : Number(minutes);
  const validMinutes = m === null || (Number.isInteger(m) && m >= 5 && m <= 1440);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!villa || !type || !validMinutes) return;
    save.mutate({
      property_id: villa,
      cleaning_type_id: type,
      minutes: m,
      template_id: template || null,
      inspection_required: inspection === '' ? null : inspection === 'yes',
    });
  };
  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        aria-label="New villa override"
        className="grid gap-3 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <div className="space-y-1">
          <Label htmlFor="override-villa">Villa</Label>
          <NativeSelect
            id="override-villa"
            value={villa}
            onChange={(e) => setVilla(e.target.value)}
            required
          >
            <NativeSelectOption value="">Choose a villa</NativeSelectOption>
            {data.villas.map((v) => (
              <NativeSelectOption key={v.id} value={v.id}>
                {v.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="override-type">Cleaning type</Label>
          <NativeSelect
            id="override-type"
            value={type}
            onChange={(e) => setType(e.target.value)}
            required
          >
            <NativeSelectOption value="">Choose a type</NativeSelectOption>
            {data.types.map((t) => (
              <NativeSelectOption key={t.id} value={t.id}>
                {t.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="override-minutes">Minutes</Label>
          <Input
            id="override-minutes"
            type="number"
            min={5}
            max={1440}
            placeholder="Default"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-invalid={!validMinutes}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="override-template">Checklist</Label>
          <NativeSelect
            id="override-template"
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
          >
            <NativeSelectOption value="">Default</NativeSelectOption>
            {data.templates
              .filter((t) => !t.archived)
              .map((t) => (
                <NativeSelectOption key={t.id} value={t.id}>
                  {t.name}
                </NativeSelectOption>
              ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="override-inspection">Inspection</Label>
          <NativeSelect
            id="override-inspection"
            value={inspection}
            onChange={(e) => setInspection(e.target.value)}
          >
            <NativeSelectOption value="">Default</NativeSelectOption>
            <NativeSelectOption value="yes">Required</NativeSelectOption>
            <NativeSelectOption value="no">Not required</NativeSelectOption>
          </NativeSelect>
        </div>
        <Button type="submit" size="sm" disabled={save.isPending || !validMinutes}>
          Save override
        </Button>
      </form>
      <div className="overflow-x-auto rounded-md border">
        <Table aria-label="Villa overrides">
          <TableHeader>
            <TableRow>
              <TableHead>Villa</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Minutes</TableHead>
              <TableHead>Checklist</TableHead>
              <TableHead>Inspection</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.overrides.map((o) => (
              <TableRow key={o.id}>
                <TableCell>{villaName.get(o.property_id) ?? '—'}</TableCell>
                <TableCell>{typeName.get(o.cleaning_type_id)}</TableCell>
                <TableCell>{o.minutes ?? 'Default'}</TableCell>
                <TableCell>{o.template_id ? templateName.get(o.template_id) : 'Default'}</TableCell>
                <TableCell>
                  {o.inspection_required === null
                    ? 'Default'
                    : o.inspection_required
                      ? 'Required'
                      : 'Not required'}
                </TableCell>
                <TableCell>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove override of ${villaName.get(o.property_id) ?? 'villa'}, ${typeName.get(o.cleaning_type_id) ?? ''}`}
                    onClick={() => remove.mutate(o.id)}
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <h3 className="text-base font-semibold">Default housekeeper per villa</h3>
      <p className="text-muted-foreground text-sm">
        New turnovers of a villa are assigned to its default housekeeper; the board's suggestions
        keep its other cleans with her.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {data.villas.map((v) => (
          <li
            key={v.id}
            className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm"
          >
            <span>{v.name}</span>
            <NativeSelect
              size="sm"
              aria-label={`Default housekeeper of ${v.name}`}
              value={defaults.get(v.id) ?? ''}
              onChange={(e) =>
                saveDefault.mutate({
                  property_id: v.id,
                  default_housekeeper_id: e.target.value || null,
                })
              }
            >
              <NativeSelectOption value="">None</NativeSelectOption>
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
  const saveType = useSaveType();
  const data = settings.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Cleaning Settings"
        description="Cleaning types, default durations, turnover rules and what differs per villa."
      />
      {settings.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          Loading settings…
        </p>
      ) : !data ? (
        <p role="alert" className="text-destructive text-sm">
          The settings could not be loaded.
        </p>
      ) : (
        <>
          <section aria-labelledby="types-heading" className="space-y-3">
            <h2 id="types-heading" className="text-lg font-semibold">
              Cleaning types
            </h2>
            {data.types.map((t) => (
              <TypeForm
                key={`${t.id}-${t.updated_at}`}
                type={t}
                templates={data.templates}
                saving={saveType.isPending}
                onSave={(v) => saveType.mutate(v)}
              />
            ))}
            <TypeForm
              type={null}
              templates={data.templates}
              saving={saveType.isPending}
              onSave={(v) => saveType.mutate(v)}
            />
          </section>
          <section aria-labelledby="rules-heading" className="space-y-3">
            <h2 id="rules-heading" className="text-lg font-semibold">
              Turnover rules
            </h2>
            {data.rules ? <RulesForm key={data.rules.updated_at} rules={data.rules} /> : null}
          </section>
          <section aria-labelledby="overrides-heading" className="space-y-3">
            <h2 id="overrides-heading" className="text-lg font-semibold">
              Per-villa overrides
            </h2>
            <Overrides data={data} />
          </section>
        </>
      )}
    </div>
  );
}
