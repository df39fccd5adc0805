// "Report a problem": a short form (villa pre-filled where known, title, priority, blocking?,
// photos from the camera) that works offline and lands once (docs/maintenance.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { useVillas } from '../api/get-work-orders';
import { PRIORITY_LABELS } from '@/domain/work-orders/labels';
import { CATEGORY_LABELS, PRIORITIES } from '@/domain/work-orders/types';
import { useReportWorkOrder } from '../api/work-order-writes';
import { CATEGORIES, reportSchema, type ReportValues } from '../schemas';

export function ReportDialog({
  open,
  onOpenChange,
  propertyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  propertyId?: string;
}) {
  const villas = useVillas();
  const report = useReportWorkOrder();
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: {
      property_id: propertyId ?? '',
      title: '',
      priority: 'medium',
      category: 'other',
      location: '',
      description: '',
      blocking: false,
    },
  });
  const blocking = useWatch({ control: form.control, name: 'blocking' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await report.mutateAsync({ ...values, photos });
      form.reset();
      setPhotos([]);
      onOpenChange(false);
    } catch {
      // Reported by the mutation's toast.
    }
  });
  const villaOptions = [
    { value: '', label: 'Choose a villa' },
    ...(villas.data ?? []).map((v) => ({ value: v.id, label: `${v.name} (${v.code})` })),
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Report a problem</DialogTitle>
          <DialogDescription>
            What is wrong and where. Urgent problems are due before the next guests arrive.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Report a problem">
            <SelectField
              control={form.control}
              name="property_id"
              label="Villa"
              options={villaOptions}
            />
            <TextField
              control={form.control}
              name="title"
              label="What is wrong"
              placeholder="e.g. Pool pump not running"
            />
            <div className="grid grid-cols-2 gap-3">
              <SelectField
                control={form.control}
                name="priority"
                label="Priority"
                options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              />
              <SelectField
                control={form.control}
                name="category"
                label="Category"
                options={CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
              />
            </div>
            <TextField
              control={form.control}
              name="location"
              label="Room or asset"
              placeholder="e.g. Master bathroom"
            />
            <TextareaField control={form.control} name="description" label="Details" rows={3} />
            <div className="flex items-start gap-2 text-sm">
              <input
                id="report-blocking"
                type="checkbox"
                className="mt-0.5 size-4"
                aria-describedby="report-blocking-hint"
                checked={blocking}
                onChange={(e) => form.setValue('blocking', e.target.checked, { shouldDirty: true })}
              />
              <div>
                <Label htmlFor="report-blocking">Blocks the next stay</Label>
                <p id="report-blocking-hint" className="text-muted-foreground text-xs">
                  The villa is not guest-ready until this is resolved.
                </p>
              </div>
            </div>
            <div className="space-y-1">
              <Label htmlFor="report-photos">Photos</Label>
              <input
                id="report-photos"
                type="file"
                accept="image/*"
                capture="environment"
                multiple
                className="block w-full text-sm"
                onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
              />
              {photos.length > 0 ? (
                <p className="text-muted-foreground text-xs">
                  {photos.length === 1 ? '1 photo' : `${photos.length} photos`} attached
                </p>
              ) : null}
            </div>
            <DialogFooter>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? 'Reporting...' : 'Report problem'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
