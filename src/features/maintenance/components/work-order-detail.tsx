// One work order (docs/maintenance.md): what, where, who, status actions the caller may take
// (the assignee's with maintenance.work, the rest with maintenance.manage), taking an unassigned
// one (maintenance.work or .manage), assign, labour and costs, photos, comments and the timeline
// the database writes.
import { useAreas } from '@/lib/areas';
import { SheetCloseX } from '@/components/overlay-close';
import { SHEET_WITHOUT_KIT_CLOSE } from '@/components/overlay-close-classes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { PhotosField } from '@/components/form/photos-field';
import { NotKeptAlert } from '@/components/not-kept-alert';
import { TextField } from '@/components/form/text-field';
import { PendingSyncBadge } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useAuth } from '@/lib/auth/use-auth';
import { formatMoney } from '@/lib/company-preferences';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { supabase } from '@/lib/supabase';
import { useCompanySettings } from '@/lib/use-company-settings';
import { isNotKept } from '@/offline/not-kept';
import {
  canBeAssigned,
  useStaff,
  useWorkOrder,
  type WorkOrderDetail,
} from '../api/get-work-orders';
import { priorityLabel, statusLabel } from '@/domain/work-orders/labels';
import {
  categoryLabel,
  movesFrom,
  PRIORITIES,
  type Move,
  type WorkOrderPriority,
} from '@/domain/work-orders/types';
import { WORK_ORDER_PHOTO_BUCKET } from '@/domain/work-orders/writes';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { DiscussButton } from '@/domain/chat/discuss-button';
import { useAddComment } from '../api/add-comment';
import { useTakeWorkOrder } from '../api/take-work-order';
import { useTransitionWorkOrder } from '../api/transition-work-order';
import { useUpdateWorkOrder } from '../api/update-work-order';
import { messages } from '../messages';

function usePhotoUrls(w: WorkOrderDetail | null | undefined) {
  const paths = (w?.photos ?? []).map((p) => p.storage_path);
  return useQuery({
    queryKey: workOrderKeys.photoUrls(paths),
    enabled: paths.length > 0,
    staleTime: 30 * 60_000,
    queryFn: async () => {
      const { data } = await supabase.storage
        .from(WORK_ORDER_PHOTO_BUCKET)
        .createSignedUrls(paths, 3600);
      return new Map((data ?? []).map((d) => [d.path ?? '', d.signedUrl]));
    },
  });
}

const PRIORITY_VALUES: readonly string[] = PRIORITIES;

function activityText(a: WorkOrderDetail['activity'][number], name: (id: string | null) => string) {
  const who = name(a.actor_id);
  const t = messages.t;
  switch (a.action) {
    case 'created':
      return t('activity.created', { who });
    case 'status': {
      const moved = {
        who,
        from: statusLabel(a.from_status ?? 'open'),
        to: statusLabel(a.to_status ?? 'open'),
      };
      return typeof a.details.note === 'string'
        ? t('activity.statusNote', { ...moved, note: a.details.note })
        : t('activity.status', moved);
    }
    case 'assigned':
      return t('activity.assigned', { who, name: name(String(a.details.user_id ?? '')) });
    case 'unassigned':
      return t('activity.unassigned', { who });
    case 'priority': {
      const p = a.details.priority;
      const priority =
        typeof p === 'string' && PRIORITY_VALUES.includes(p)
          ? priorityLabel(p as WorkOrderPriority)
          : String(p);
      return t('activity.priority', { who, priority });
    }
    case 'blocking':
      return a.details.blocking
        ? t('activity.blocking', { who })
        : t('activity.notBlocking', { who });
    case 'comment':
      return t('activity.comment', { who });
    case 'photo':
      return t('activity.photo', { who, kind: a.details.kind === 'after' ? 'after' : 'before' });
    case 'costs':
      return t('activity.costs', { who });
    case 'due':
      return t('activity.due', { who });
    default:
      return t('activity.other', { who, action: a.action });
  }
}

export function WorkOrderDetailSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT(messages);
  const query = useWorkOrder(id);
  const w = query.data;
  return (
    <Sheet open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <SheetContent className={`w-full overflow-y-auto sm:max-w-lg ${SHEET_WITHOUT_KIT_CLOSE}`}>
        <SheetCloseX />
        <SheetHeader>
          <SheetTitle>{w?.title ?? t('detail.workOrder')}</SheetTitle>
          <SheetDescription>
            {w ? `${w.property?.name ?? t('villa')}${w.location ? ` · ${w.location}` : ''}` : ' '}
          </SheetDescription>
        </SheetHeader>
        {query.isPending && id ? (
          <p className="px-4 text-sm">{t('detail.loading')}</p>
        ) : w ? (
          <DetailBody w={w} />
        ) : isNotKept(query.error) ? (
          <div className="px-4">
            <NotKeptAlert />
          </div>
        ) : (
          <p className="px-4 text-sm">{t('detail.unavailable')}</p>
        )}
      </SheetContent>
    </Sheet>
  );
}

function DetailBody({ w }: { w: WorkOrderDetail }) {
  const t = useT(messages);
  const { permissions, user, roles } = useAuth();
  const { workOrderParts } = useAreas();
  const { currency } = useCompanySettings();
  const money = (amount: number | string) => formatMoney(Number(amount), currency);
  const canManage = hasPermission(permissions, 'maintenance.manage');
  const canWork =
    canManage || (hasPermission(permissions, 'maintenance.work') && w.assignee_id === user?.id);
  const staff = useStaff();
  const names = new Map((staff.data ?? []).map((s) => [s.id, s.full_name]));
  const name = (id: string | null) => (id ? (names.get(id) ?? t('someone')) : t('detail.system'));
  const transition = useTransitionWorkOrder();
  const take = useTakeWorkOrder();
  const canTake =
    (canManage || hasPermission(permissions, 'maintenance.work')) &&
    w.status === 'open' &&
    w.assignee_id === null;
  const update = useUpdateWorkOrder();
  const comment = useAddComment();
  const urls = usePhotoUrls(w);
  const [assignee, setAssignee] = useState(w.assignee_id ?? '');
  const [resolving, setResolving] = useState(false);

  const moves = movesFrom(w.status).filter((m) => (m.manager ? canManage : canWork));
  const onMove = (m: Move) => {
    if (m.to === 'resolved') {
      setResolving(true);
      return;
    }
    transition.mutate({ workOrder: w, to: m.to });
  };
  const total = Number(w.parts_cost) + Number(w.labour_cost) + Number(w.external_cost);

  return (
    <div className="space-y-5 px-4 pb-6 text-sm">
      <div
        role="group"
        className="flex flex-wrap items-center gap-1.5"
        aria-label={t('detail.state')}
      >
        <Badge variant="outline">{statusLabel(w.status)}</Badge>
        <Badge variant={w.priority === 'urgent' ? 'destructive' : 'secondary'}>
          {priorityLabel(w.priority)}
        </Badge>
        <Badge variant="outline">{categoryLabel(w.category)}</Badge>
        {w.blocking ? <Badge variant="destructive">{t('blocking')}</Badge> : null}
        {w.pendingSync ? <PendingSyncBadge /> : null}
        <DiscussButton workOrderId={w.id} className="ml-auto" />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t('detail.assignee')}</dt>
        <dd>{w.assignee_id ? name(w.assignee_id) : t('unassigned')}</dd>
        <dt className="text-muted-foreground">{t('detail.reportedBy')}</dt>
        <dd>
          {t('detail.reportedWhen', {
            name: name(w.reporter_id),
            when: formatDateTime(w.created_at),
          })}
        </dd>
        <dt className="text-muted-foreground">{t('detail.due')}</dt>
        <dd>{w.due_at ? formatDateTime(w.due_at) : t('detail.noDue')}</dd>
      </dl>
      {w.description ? <p className="whitespace-pre-line">{w.description}</p> : null}

      {canTake ? (
        <section aria-label={t('detail.take')} className="space-y-1">
          <Button
            size="sm"
            aria-busy={take.isPending}
            disabled={take.isPending}
            onClick={() => take.mutate({ workOrder: w })}
          >
            {t('detail.takeButton')}
          </Button>
          <p className="text-muted-foreground text-xs">{t('detail.takeHint')}</p>
        </section>
      ) : null}

      {moves.length > 0 ? (
        <section aria-label={t('detail.statusActions')} className="flex flex-wrap gap-2">
          {moves.map((m) => (
            <Button
              key={`${m.to}-${m.label}`}
              size="sm"
              variant={m.to === 'resolved' || m.to === 'in_progress' ? 'default' : 'outline'}
              aria-busy={transition.isPending}
              onClick={() => onMove(m)}
            >
              {m.label}
            </Button>
          ))}
        </section>
      ) : null}

      {resolving ? (
        <ResolveForm
          w={w}
          pending={transition.isPending}
          onResolve={(v) =>
            transition.mutate(
              { workOrder: w, to: 'resolved', ...v },
              { onSuccess: () => setResolving(false) },
            )
          }
          onCancel={() => setResolving(false)}
        />
      ) : null}

      {canManage && w.status !== 'closed' ? (
        <section aria-label={t('detail.assign')} className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1 space-y-1">
            <Label htmlFor="wo-assignee">{t('detail.assignTo')}</Label>
            <NativeSelect
              id="wo-assignee"
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <NativeSelectOption value="">{t('detail.chooseSomeone')}</NativeSelectOption>
              {(staff.data ?? []).filter(canBeAssigned).map((s) => (
                <NativeSelectOption key={s.id} value={s.id}>
                  {s.full_name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={!assignee || assignee === w.assignee_id || transition.isPending}
            onClick={() =>
              transition.mutate({ workOrder: w, to: 'assigned', assigneeId: assignee })
            }
          >
            {t('detail.assign')}
          </Button>
          <div className="space-y-1">
            <Label htmlFor="wo-priority">{t('detail.priority')}</Label>
            <NativeSelect
              id="wo-priority"
              value={w.priority}
              onChange={(e) =>
                update.mutate({
                  workOrder: w,
                  changes: { priority: e.target.value as WorkOrderPriority },
                })
              }
            >
              {PRIORITIES.map((p) => (
                <NativeSelectOption key={p} value={p}>
                  {priorityLabel(p)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="wo-costs">
        <h3 id="wo-costs" className="mb-1 font-medium">
          {t('detail.timeAndCost')}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{t('detail.labour')}</dt>
          <dd>{t('detail.minutes', { minutes: w.labour_minutes })}</dd>
          <dt className="text-muted-foreground">{t('detail.parts')}</dt>
          <dd>{money(w.parts_cost)}</dd>
          <dt className="text-muted-foreground">{t('detail.labourCost')}</dt>
          <dd>{money(w.labour_cost)}</dd>
          <dt className="text-muted-foreground">{t('detail.external')}</dt>
          <dd>{money(w.external_cost)}</dd>
          <dt className="font-medium">{t('detail.total')}</dt>
          <dd className="font-medium">{money(total)}</dd>
        </dl>
        {w.resolution_notes ? (
          <p className="mt-2 whitespace-pre-line">{w.resolution_notes}</p>
        ) : null}
      </section>

      {canWork && w.status !== 'resolved' && w.status !== 'closed'
        ? workOrderParts
            .filter((p) => !p.visible || p.visible({ roles, permissions }))
            .map((p) => <p.Component key={p.key} workOrderId={w.id} />)
        : null}

      {w.photos.length > 0 ? (
        <section aria-labelledby="wo-photos">
          <h3 id="wo-photos" className="mb-1 font-medium">
            {t('detail.photos')}
          </h3>
          <ul className="grid grid-cols-3 gap-2">
            {w.photos.map((p) => (
              <li key={p.id} className="space-y-0.5">
                {urls.data?.get(p.storage_path) ? (
                  <img
                    src={urls.data.get(p.storage_path) ?? undefined}
                    alt={t('detail.photoAlt', { kind: p.kind })}
                    className="aspect-square w-full rounded object-cover"
                  />
                ) : (
                  <div className="bg-muted aspect-square rounded" />
                )}
                <span className="text-muted-foreground text-xs">
                  {t('detail.photoKind', { kind: p.kind })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="wo-comments" className="space-y-2">
        <h3 id="wo-comments" className="font-medium">
          {t('detail.comments')}
        </h3>
        {w.comments.length === 0 ? (
          <p className="text-muted-foreground">{t('detail.noComments')}</p>
        ) : null}
        <ul className="space-y-2">
          {w.comments.map((c) => (
            <li key={c.id}>
              <p className="text-muted-foreground text-xs">
                {t('detail.reportedWhen', {
                  name: name(c.author_id),
                  when: formatDateTime(c.created_at),
                })}
              </p>
              <p className="whitespace-pre-line">{c.body}</p>
            </li>
          ))}
        </ul>
        <CommentForm
          onSend={(body, sent) => comment.mutate({ workOrderId: w.id, body }, { onSuccess: sent })}
        />
      </section>

      <section aria-labelledby="wo-timeline">
        <h3 id="wo-timeline" className="mb-1 font-medium">
          {t('detail.timeline')}
        </h3>
        <ol className="space-y-1">
          {w.activity.map((a) => (
            <li key={a.id} className="text-xs">
              <span className="text-muted-foreground">{formatDateTime(a.at)}</span>{' '}
              {activityText(a, name)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

const resolveSchema = z.object({
  minutes: z.string().check(
    z.refine((v) => {
      const n = v.trim() === '' ? 0 : Number(v);
      return Number.isInteger(n) && n >= 0 && n <= 100000;
    }, messages.ref('resolve.minutesInvalid')),
  ),
  note: z.string(),
  photos: z.array(z.instanceof(File)),
});
type ResolveInput = z.output<typeof resolveSchema>;

/** Resolving: the time spent, what was done and the after photos. */
function ResolveForm({
  w,
  pending,
  onResolve,
  onCancel,
}: {
  w: WorkOrderDetail;
  pending: boolean;
  onResolve: (v: { note: string; labourMinutes: number; photos: File[] }) => void;
  onCancel: () => void;
}) {
  const t = useT(messages);
  const form = useForm<ResolveInput>({
    resolver: zodResolver(resolveSchema),
    defaultValues: { minutes: String(w.labour_minutes || ''), note: '', photos: [] },
  });
  const onSubmit = form.handleSubmit((v) =>
    onResolve({
      note: v.note,
      labourMinutes: v.minutes.trim() === '' ? 0 : Number(v.minutes),
      photos: v.photos,
    }),
  );
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t('resolve.form')}
        className="space-y-3 rounded-md border p-3"
      >
        <TextField
          control={form.control}
          name="minutes"
          label={t('resolve.minutes')}
          inputMode="numeric"
        />
        <TextField control={form.control} name="note" label={t('resolve.note')} />
        <PhotosField control={form.control} name="photos" label={t('resolve.photos')} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={pending}>
            {t('resolve.submit')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            {t('resolve.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

const commentSchema = z.object({ body: z.string() });
type CommentInput = z.output<typeof commentSchema>;

/** A comment: sent when it has text; the field empties once it is saved. */
function CommentForm({ onSend }: { onSend: (body: string, sent: () => void) => void }) {
  const t = useT(messages);
  const form = useForm<CommentInput>({
    resolver: zodResolver(commentSchema),
    defaultValues: { body: '' },
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const onSubmit = form.handleSubmit((v) => {
    if (!v.body.trim()) return;
    onSend(v.body, () => form.reset({ body: '' }));
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="flex gap-2" aria-label={t('comment.form')}>
        <FormField
          control={form.control}
          name="body"
          render={({ field }) => (
            <FormItem className="flex-1">
              <FormLabel className="sr-only">{t('comment.label')}</FormLabel>
              <FormControl>
                <Input placeholder={t('comment.placeholder')} {...field} />
              </FormControl>
            </FormItem>
          )}
        />
        <Button type="submit" size="sm" variant="outline" disabled={!body.trim()}>
          {t('comment.send')}
        </Button>
      </form>
    </Form>
  );
}
