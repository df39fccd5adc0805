import { DialogCloseX } from '@/components/overlay-close';
import { useState } from 'react';
import { CalendarPlus, Upload } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCancelReservation } from '../api/cancel-reservation';
import {
  usePastReservations,
  useUpcomingReservations,
  type Reservation,
} from '../api/get-reservations';
import { sourceLabel } from '../labels';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';
import { formatDateTime } from '@/lib/company-time';
import { IcalImportDialog } from './ical-import-dialog';
import { ReservationDialog } from './reservation-dialog';
import { ReservationsCalendar } from './reservations-calendar';

function ReservationList({
  title,
  rows,
  loading,
  canManage,
  onEdit,
  onCancel,
}: {
  title: string;
  rows: Reservation[] | undefined;
  loading: boolean;
  canManage: boolean;
  onEdit: (r: Reservation) => void;
  onCancel: (r: Reservation) => void;
}) {
  const t = useT(messages);
  return (
    <section className="space-y-2" aria-label={title}>
      <h3 className="font-medium">{title}</h3>
      {loading ? (
        <p className="text-muted-foreground text-sm">{t('stays.loading')}</p>
      ) : !rows || rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('stays.none')}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium">
                  {r.guest_name || t('stays.reserved')}
                  {r.guests ? (
                    <span className="text-muted-foreground font-normal">
                      {' '}
                      · {t('stays.guests', { count: r.guests })}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm">
                  {formatDateTime(r.check_in)} → {formatDateTime(r.check_out)}
                </p>
                <div className="flex flex-wrap gap-1">
                  <Badge variant="outline">{sourceLabel(r.source)}</Badge>
                  {r.status === 'cancelled' ? (
                    <Badge variant="secondary">{t('stays.cancelled')}</Badge>
                  ) : null}
                </div>
              </div>
              {canManage && r.status === 'confirmed' ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onEdit(r)}
                    aria-label={t('stays.editLabel', { name: r.guest_name || t('stays.reserved') })}
                  >
                    {t('stays.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onCancel(r)}
                    aria-label={t('stays.cancelLabel', {
                      name: r.guest_name || t('stays.reserved'),
                    })}
                  >
                    {t('stays.cancel')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ReservationsSection({
  propertyId,
  canManage,
  archived,
}: {
  propertyId: string;
  canManage: boolean;
  archived: boolean;
}) {
  const t = useT(messages);
  const upcoming = useUpcomingReservations(propertyId);
  const past = usePastReservations(propertyId);
  const cancel = useCancelReservation(propertyId);
  const [editing, setEditing] = useState<Reservation | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const canAdd = canManage && !archived;

  return (
    <div className="space-y-6">
      {canAdd ? (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <CalendarPlus aria-hidden="true" />
            {t('stays.add')}
          </Button>
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <Upload aria-hidden="true" />
            {t('stays.import')}
          </Button>
        </div>
      ) : null}
      <ReservationList
        title={t('stays.upcoming')}
        rows={upcoming.data}
        loading={upcoming.isPending}
        canManage={canManage}
        onEdit={(r) => {
          setEditing(r);
          setDialogOpen(true);
        }}
        onCancel={setCancelling}
      />
      <ReservationsCalendar propertyId={propertyId} />
      <ReservationList
        title={t('stays.past')}
        rows={past.data}
        loading={past.isPending}
        canManage={false}
        onEdit={() => undefined}
        onCancel={() => undefined}
      />
      {canManage ? (
        <>
          <ReservationDialog
            propertyId={propertyId}
            reservation={editing}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
          />
          <IcalImportDialog
            propertyId={propertyId}
            open={importOpen}
            onOpenChange={setImportOpen}
          />
          <Dialog open={cancelling !== null} onOpenChange={(o) => !o && setCancelling(null)}>
            <DialogContent showCloseButton={false}>
              <DialogCloseX />
              <DialogHeader>
                <DialogTitle>{t('stays.cancelTitle')}</DialogTitle>
                <DialogDescription>
                  {cancelling
                    ? t('stays.cancelHint', {
                        name: cancelling.guest_name || t('stays.reserved'),
                        from: formatDateTime(cancelling.check_in),
                        to: formatDateTime(cancelling.check_out),
                      })
                    : ''}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={() => setCancelling(null)}>
                  {t('stays.keep')}
                </Button>
                <Button
                  variant="destructive"
                  disabled={cancel.isPending}
                  onClick={() => {
                    if (!cancelling) return;
                    cancel.mutate(cancelling, { onSuccess: () => setCancelling(null) });
                  }}
                >
                  {t('stays.cancelConfirm')}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
