import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import type { SettingsData } from '../api/get-cleaning-settings';
import type { TypeInput } from '../api/save-cleaning-type';
import type { CleaningType } from '../api/types';
import { parseMinutes } from '../minutes';

/** One cleaning type: name, minutes by bedrooms, default checklist, inspection, colour. */
export function TypeForm({
  type,
  templates,
  onSave,
  saving,
}: {
  type: CleaningType | null;
  templates: SettingsData['templates'];
  onSave: (t: TypeInput) => void;
  saving: boolean;
}) {
  const prefix = type ? `type-${type.id}` : 'type-new';
  const [name, setName] = useState(type?.name ?? '');
  const [minutes, setMinutes] = useState((type?.minutes_by_bedrooms ?? [60, 90, 120]).join(', '));
  const [template, setTemplate] = useState(type?.default_template_id ?? '');
  const [inspection, setInspection] = useState(type?.inspection_required ?? false);
  const [color, setColor] = useState(type?.color ?? '#2563eb');
  const parsed = parseMinutes(minutes);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed || name.trim() === '') return;
    onSave({
      ...(type ? { id: type.id } : {}),
      name: name.trim(),
      minutes_by_bedrooms: parsed,
      default_template_id: template || null,
      inspection_required: inspection,
      color,
    });
    if (!type) setName('');
  };
  return (
    <form
      onSubmit={submit}
      aria-label={type ? `Cleaning type ${type.name}` : 'New cleaning type'}
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <div className="space-y-1 lg:col-span-1">
        <Label htmlFor={`${prefix}-name`}>Name</Label>
        <Input
          id={`${prefix}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          required
        />
      </div>
      <div className="space-y-1 lg:col-span-2">
        <Label htmlFor={`${prefix}-minutes`}>Minutes by bedrooms (studio, 1, 2, …)</Label>
        <Input
          id={`${prefix}-minutes`}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          aria-invalid={parsed === null}
          aria-describedby={parsed === null ? `${prefix}-minutes-error` : undefined}
        />
        {parsed === null ? (
          <p id={`${prefix}-minutes-error`} className="text-destructive text-xs">
            Whole minutes from 5 to 1440, separated by commas.
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-template`}>Default checklist</Label>
        <NativeSelect
          id={`${prefix}-template`}
          value={template}
          onChange={(e) => setTemplate(e.target.value)}
        >
          <NativeSelectOption value="">None</NativeSelectOption>
          {templates
            .filter((t) => !t.archived || t.id === template)
            .map((t) => (
              <NativeSelectOption key={t.id} value={t.id}>
                {t.name}
              </NativeSelectOption>
            ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={inspection}
            onChange={(e) => setInspection(e.target.checked)}
          />
          Inspection required
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            aria-label="Colour"
            className="h-8 w-10"
          />
        </label>
      </div>
      <Button type="submit" size="sm" disabled={saving || parsed === null}>
        {type ? 'Save' : 'Add type'}
      </Button>
    </form>
  );
}
