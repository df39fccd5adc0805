// "Report a problem" on the maintenance screen: the one report dialog (src/domain/work-orders/
// report-problem-dialog.tsx) with the villas this user may choose from, the villa pre-filled where
// known (docs/maintenance.md).
import { ReportProblemDialog } from '@/domain/work-orders/report-problem-dialog';
import { useVillas } from '../api/get-work-orders';

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
  return (
    <ReportProblemDialog
      open={open}
      onOpenChange={onOpenChange}
      propertyId={propertyId}
      villas={(villas.data ?? []).map((v) => ({ value: v.id, label: `${v.name} (${v.code})` }))}
    />
  );
}
