// "Report a problem" as a dialog (the maintenance screen's, opened from the header, a villa's page
// and the screen itself: docs/maintenance.md): the whole form of ./report-problem.tsx, sent through
// the one report write (./writes.ts), closed once it is made (queued or not).
import { DialogCloseX } from '@/components/overlay-close';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';
import { ReportProblemForm } from './report-problem';
import { useReportWorkOrder } from './writes';

export function ReportProblemDialog({
  open,
  onOpenChange,
  propertyId,
  villas,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The villa filled in, where it is known. */
  propertyId?: string | undefined;
  /** The villas to choose from. */
  villas: { value: string; label: string }[];
}) {
  const t = useT(messages);
  const report = useReportWorkOrder();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false} className="max-h-[90dvh] overflow-y-auto">
        <DialogCloseX />
        <DialogHeader>
          <DialogTitle>{t('report.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('report.dialogDescription')}</DialogDescription>
        </DialogHeader>
        <ReportProblemForm
          variant="full"
          name={t('report.dialogTitle')}
          defaults={{ property_id: propertyId ?? '' }}
          villas={villas}
          pending={report.isPending}
          footer={(submit) => <DialogFooter>{submit}</DialogFooter>}
          onSubmit={async (values, photos) => {
            await report.mutateAsync({ ...values, photos });
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
