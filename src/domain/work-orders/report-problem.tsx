// "Report a problem" (docs/maintenance.md): the one form every area reports a problem with,
// react-hook-form + zod (./report-problem-schema.ts) with the shared fields. Two shapes of it:
// - 'full' (the maintenance screen's dialog, ./report-problem-dialog.tsx): the villa (pre-filled
//   where known), what is wrong, priority, category, room or asset, details, blocks the next stay,
//   photos from the camera;
// - 'from-item' (a failed checklist item, docs/housekeeping.md "Field app"): a title and what is
//   wrong, pre-filled from the item; the villa, room, priority and blocking are the item's and are
//   only shown (`context`), its photo is attached by the caller.
// The caller sends it (useReportWorkOrder, ./writes.ts) and closes it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n/catalog';
import { priorityLabel } from './labels';
import { messages } from './messages';
import {
  CATEGORIES,
  itemReportSchema,
  reportSchema,
  type ItemReportValues,
  type ReportValues,
} from './report-problem-schema';
import { categoryLabel, PRIORITIES } from './types';

export type { ItemReportValues, ReportValues };

const EMPTY: ReportValues = {
  property_id: '',
  title: '',
  priority: 'medium',
  category: 'other',
  location: '',
  description: '',
  blocking: false,
};

interface FullProps {
  variant: 'full';
  /** The form's accessible name. */
  name: string;
  /** Values filled in (the villa where known). */
  defaults?: Partial<ReportValues>;
  /** The villas to choose from. */
  villas: { value: string; label: string }[];
  /** Sends the report; the form is cleared when it resolves (a rejection keeps it). */
  onSubmit: (values: ReportValues, photos: File[]) => Promise<void>;
  pending?: boolean;
  /** Wraps the submit button (the dialog's footer). */
  footer?: (submit: ReactNode) => ReactNode;
}

interface FromItemProps {
  variant: 'from-item';
  name: string;
  /** The title and what is wrong, pre-filled from the item. */
  defaults: ItemReportValues;
  /** What the report is about (villa, room, photo, due, blocking), shown under the fields. */
  context: ReactNode;
  onSubmit: (values: ItemReportValues) => void;
  onCancel: () => void;
}

export type ReportProblemFormProps = FullProps | FromItemProps;

/** "Report a problem": the whole form, or the short one from a failed checklist item. */
export function ReportProblemForm(p: ReportProblemFormProps) {
  return p.variant === 'full' ? <FullForm {...p} /> : <FromItemForm {...p} />;
}

function FromItemForm(p: FromItemProps) {
  const t = useT(messages);
  const form = useForm<ItemReportValues>({
    resolver: zodResolver(itemReportSchema),
    defaultValues: p.defaults,
  });
  return (
    <Form {...form}>
      <form
        aria-label={p.name}
        noValidate
        className="bg-muted/40 space-y-2 rounded-md border p-3"
        onSubmit={form.handleSubmit(p.onSubmit)}
      >
        <TextField
          control={form.control}
          name="title"
          label={t('report.title')}
          className="h-11 text-base"
        />
        <Field
          control={form.control}
          name="description"
          label={t('report.whatIsWrong')}
          render={(field) => (
            <textarea
              className="border-input aria-invalid:border-destructive min-h-20 w-full rounded-md border bg-transparent px-3 py-2 text-base"
              {...field}
            />
          )}
        />
        <p className="text-muted-foreground text-xs">{p.context}</p>
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {t('report.send')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={p.onCancel}>
            {t('report.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function FullForm(p: FullProps) {
  const t = useT(messages);
  const id = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: { ...EMPTY, ...p.defaults },
  });
  const blocking = useWatch({ control: form.control, name: 'blocking' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await p.onSubmit(values, photos);
      form.reset();
      setPhotos([]);
    } catch {
      // Reported by the mutation's toast.
    }
  });
  const submit = (
    <Button type="submit" disabled={p.pending}>
      {p.pending ? t('report.reporting') : t('report.submit')}
    </Button>
  );
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={p.name}>
        <SelectField
          control={form.control}
          name="property_id"
          label={t('report.villa')}
          options={[{ value: '', label: t('report.chooseVilla') }, ...p.villas]}
        />
        <TextField
          control={form.control}
          name="title"
          label={t('report.whatIsWrong')}
          placeholder={t('report.titlePlaceholder')}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            control={form.control}
            name="priority"
            label={t('report.priority')}
            options={PRIORITIES.map((v) => ({ value: v, label: priorityLabel(v) }))}
          />
          <SelectField
            control={form.control}
            name="category"
            label={t('report.category')}
            options={CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
          />
        </div>
        <TextField
          control={form.control}
          name="location"
          label={t('report.location')}
          placeholder={t('report.locationPlaceholder')}
        />
        <TextareaField
          control={form.control}
          name="description"
          label={t('report.details')}
          rows={3}
        />
        <div className="flex items-start gap-2 text-sm">
          <input
            id={`${id}-blocking`}
            type="checkbox"
            className="mt-0.5 size-4"
            aria-describedby={`${id}-blocking-hint`}
            checked={blocking}
            onChange={(e) => form.setValue('blocking', e.target.checked, { shouldDirty: true })}
          />
          <div>
            <Label htmlFor={`${id}-blocking`}>{t('report.blocking')}</Label>
            <p id={`${id}-blocking-hint`} className="text-muted-foreground text-xs">
              {t('report.blockingHint')}
            </p>
          </div>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-photos`}>{t('report.photos')}</Label>
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="block w-full text-sm"
            onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
          />
          {photos.length > 0 ? (
            <p className="text-muted-foreground text-xs">
              {t('report.photosAttached', { count: photos.length })}
            </p>
          ) : null}
        </div>
        {p.footer ? p.footer(submit) : submit}
      </form>
    </Form>
  );
}
