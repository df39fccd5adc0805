// A clean's checklist run, /housekeeping/cleans/:id (docs/housekeeping.md "Field app"): the
// housekeeper starts the clean, goes room by room through the checklist version the clean was made
// with, and finishes it once every required item is answered; every answer is queued the moment it
// is given and shows at once (a reload, a closed browser or no signal keeps it). A manager or an
// inspector opens a done clean here read-only and passes it or sends it back with notes.
import { NotKeptAlert } from '@/components/not-kept-alert';
import { isNotKept } from '@/offline/not-kept';
import type { QueryClient } from '@tanstack/react-query';
import { CheckCircle2, ChevronLeft, ChevronRight, MapPin, Navigation } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { PageHeader } from '@/components/page-header';
import { DiscussButton } from '@/domain/chat/discuss-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cleanStatusLabel, cleaningTypeName } from '@/domain/cleans/labels';
import { useAuth } from '@/lib/auth/use-auth';
import { formatTime } from '@/lib/company-time';
import { useLanguage, useT } from '@/lib/i18n/catalog';
import { useAreas } from '@/lib/areas';
import { hasAnyPermission, hasPermission } from '@/lib/permissions';
import { prefetchOnLoad } from '@/lib/route-loader';
import { paths } from '@/lib/routes';
import { guestsArriving } from '../board-logic';
import { cleanRunQueryOptions, useCleanRun, type CleanRun } from '../api/get-clean-run';
import { useVillaPhotos } from '../api/get-my-route';
import { useAddPhoto } from '../api/add-photo';
import { useAnswerItem } from '../api/answer-item';
import { useMoveClean } from '../api/move-clean';
import { useRemovePhoto } from '../api/remove-photo';
import { useReportProblem } from '../api/report-problem';
import { ChecklistItem } from '../components/checklist-item';
import { ChecklistProgress } from '../components/checklist-progress';
import {
  allItems,
  directionsUrl,
  itemDone,
  localizeContent,
  missingRequired,
  progressOf,
  runState,
  type RunAnswer,
  type RunItem,
} from '../field-logic';
import { messages } from '../messages';
import { preparePhoto } from '@/lib/photo-compress';

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) =>
    prefetchOnLoad(queryClient, cleanRunQueryOptions(params.id ?? ''));

function Facts({ run }: { run: CleanRun }) {
  const t = useT(messages);
  const c = run.clean;
  const maps = c.property ? directionsUrl(c.property) : null;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span>
          {formatTime(c.window_start)}–{formatTime(c.due_at)}
        </span>
        {c.guests_arriving != null ? <span>· {guestsArriving(c.guests_arriving)}</span> : null}
        {c.same_day ? <Badge variant="destructive">{t('sameDay')}</Badge> : null}
        <Badge variant="secondary">{cleanStatusLabel(c.status)}</Badge>
        {c.inspection_required ? <Badge variant="outline">{t('run.inspectionBadge')}</Badge> : null}
      </p>
      {c.property?.address ? (
        <p className="flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {c.property.address}
        </p>
      ) : null}
      {maps ? (
        <Button asChild size="sm" variant="outline">
          <a href={maps} target="_blank" rel="noopener noreferrer">
            <Navigation aria-hidden="true" />
            {t('directions')}
          </a>
        </Button>
      ) : null}
      {run.access ? (
        <div className="bg-muted/50 rounded-md p-2">
          <p className="font-medium">{t('run.access')}</p>
          <p className="whitespace-pre-line">{run.access}</p>
        </div>
      ) : null}
    </div>
  );
}

function ReferencePhotos({ propertyId }: { propertyId: string }) {
  const t = useT(messages);
  const photos = useVillaPhotos(propertyId);
  const list = (photos.data ?? []).filter((p) => p.url);
  if (list.length === 0) return null;
  return (
    <section aria-label={t('run.referencePhotos')} className="space-y-1">
      <h2 className="text-sm font-medium">{t('run.referencePhotos')}</h2>
      <ul className="flex gap-2 overflow-x-auto pb-1 [contain:inline-size]">
        {list.map((p, i) => (
          <li key={p.id} className="shrink-0">
            <img
              src={p.url!}
              alt={p.caption || t('run.referencePhoto', { n: i + 1 })}
              className="h-24 w-32 rounded-md object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CleanRunRoute() {
  const t = useT(messages);
  const { id = '' } = useParams();
  const { permissions, roles } = useAuth();
  const { cleanDoneParts } = useAreas();
  const query = useCleanRun(id);
  // Rooms and items in the reader's language (field-logic.ts localizeContent).
  const language = useLanguage();
  const read = query.data?.run ?? null;
  const run = useMemo(
    () => (read ? { ...read, content: localizeContent(read.content, language) } : null),
    [read, language],
  );
  const answer = useAnswerItem(run);
  const addPhoto = useAddPhoto(run);
  const removePhoto = useRemovePhoto(run);
  const move = useMoveClean(run);
  const report = useReportProblem(run);

  const [room, setRoom] = useState(0);
  const [missing, setMissing] = useState<RunItem[]>([]);
  const [sendingBack, setSendingBack] = useState(false);
  const [backNote, setBackNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(0);
  const focusItem = useRef<string | null>(null);

  // Answers given on this screen, kept over a read that left before they were queued: for each
  // item the newest answer (by answered_at) shows, so a checkbox never flicks back.
  const [given, setGiven] = useState<Map<string, RunAnswer>>(new Map());
  const state = useMemo(() => {
    const byItem = new Map((run?.answers ?? []).map((a) => [a.item_id, a]));
    for (const [id, a] of given) {
      const read = byItem.get(id);
      if (!read || read.answered_at < a.answered_at) byItem.set(id, a);
    }
    return runState([...byItem.values()], run?.photos ?? []);
  }, [run, given]);
  const sections = run?.content.sections ?? [];
  const current = sections[Math.min(room, Math.max(0, sections.length - 1))];

  // After "Finish" was refused: the room of the first missing item, then its control focused.
  useEffect(() => {
    const itemId = focusItem.current;
    if (!itemId) return;
    focusItem.current = null;
    const el = document.getElementById(`item-${itemId}`);
    el?.scrollIntoView?.({ block: 'center' });
    el?.querySelector<HTMLElement>('input,textarea,button')?.focus();
  }, [room, missing]);

  if (query.isPending) {
    return (
      <div className="space-y-4">
        <PageHeader title={paths.cleanRun.title} />
        <p role="status" className="text-muted-foreground text-sm">
          {t('run.loading')}
        </p>
      </div>
    );
  }
  if (query.isError || !run) {
    return (
      <div className="space-y-4">
        <PageHeader title={paths.cleanRun.title} />
        {isNotKept(query.error) ? (
          <NotKeptAlert />
        ) : (
          <p role={query.isError ? 'alert' : 'status'} className="text-sm">
            {query.isError ? t('run.error') : t('run.notFound')}
          </p>
        )}
        <Button asChild variant="outline" size="sm">
          <Link to={paths.housekeeping.path}>{t('run.back')}</Link>
        </Button>
      </div>
    );
  }

  const c = run.clean;
  const canWork = hasAnyPermission(permissions, ['housekeeping.complete', 'housekeeping.manage']);
  const canInspect =
    hasPermission(permissions, 'housekeeping.manage') ||
    permissions.includes('housekeeping.inspect');
  const canReport = hasAnyPermission(permissions, ['maintenance.report', 'maintenance.manage']);
  const editable = canWork && c.status === 'in_progress';
  const inspecting = canInspect && c.status === 'done' && c.inspection_required;
  const villa = c.property?.name ?? t('villa');
  const overall = progressOf(allItems(run.content), state);

  const finish = () => {
    const left = missingRequired(run.content, state);
    setMissing(left);
    if (left.length > 0) {
      const first = left[0]!;
      focusItem.current = first.id;
      setRoom(sections.findIndex((s) => s.items.some((i) => i.id === first.id)));
      return;
    }
    move.mutate({ to: 'done' });
  };

  const onPhoto = (item: RunItem) => async (file: File) => {
    setPhotoBusy((n) => n + 1);
    try {
      addPhoto.mutate({ item, photo: await preparePhoto(file) });
    } finally {
      setPhotoBusy((n) => n - 1);
    }
  };

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 pb-24">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={paths.housekeeping.path}>
          <ChevronLeft aria-hidden="true" />
          {canInspect && !canWork ? t('run.backBoard') : paths.housekeeping.titleWithout.title}
        </Link>
      </Button>
      <PageHeader
        title={villa}
        description={c.type ? cleaningTypeName(c.type) : t('clean')}
        actions={<DiscussButton cleanId={c.id} />}
      />
      {query.data?.fromDevice ? <DeviceCopyNote what={t('run.deviceCopy')} /> : null}
      <Facts run={run} />

      {c.status === 'in_progress' && c.inspection_note ? (
        <p role="note" className="rounded-md border border-amber-500/60 p-2 text-sm">
          <span className="font-medium">{t('sentBack')}</span> {c.inspection_note}
        </p>
      ) : null}

      {c.status === 'scheduled' && canWork ? (
        <Button size="lg" className="w-full" onClick={() => move.mutate({ to: 'in_progress' })}>
          {t('run.start')}
        </Button>
      ) : null}
      {c.started_at && c.status !== 'scheduled' ? (
        <p className="text-muted-foreground text-sm">
          {t('run.started', { time: formatTime(c.started_at) })}
        </p>
      ) : null}

      {sections.length === 0 ? (
        <p className="text-sm">{t('run.noChecklist')}</p>
      ) : (
        <>
          <ChecklistProgress label={t('run.overall')} {...overall} />
          <nav aria-label={t('run.rooms')}>
            <ul className="flex gap-2 overflow-x-auto pb-1 [contain:inline-size]">
              {sections.map((s, i) => {
                const pr = progressOf(s.items, state);
                return (
                  <li key={s.id} className="shrink-0">
                    <Button
                      size="sm"
                      variant={s === current ? 'default' : 'outline'}
                      aria-current={s === current ? 'step' : undefined}
                      onClick={() => setRoom(i)}
                    >
                      {s.title}
                      <span className="text-xs">
                        {pr.done}/{pr.total}
                      </span>
                      {pr.total > 0 && pr.done === pr.total ? (
                        <CheckCircle2 aria-label={t('run.complete')} />
                      ) : null}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {current ? (
            <section aria-labelledby={`room-${current.id}`} className="space-y-2">
              <div className="flex items-center justify-between gap-2">
                <h2 id={`room-${current.id}`} className="text-lg font-semibold">
                  {current.title}
                </h2>
                <ChecklistProgress
                  label={t('progressOf', { name: current.title })}
                  {...progressOf(current.items, state)}
                  compact
                />
              </div>
              <ul className="space-y-2">
                {current.items.map((item) => {
                  const wo = run.workOrders.find((w) => w.checklist_item === item.id) ?? null;
                  return (
                    <ChecklistItem
                      key={item.id}
                      item={item}
                      room={current.title}
                      villa={villa}
                      answer={state.answers.get(item.id)}
                      photos={run.photos.filter((ph) => ph.item_id === item.id)}
                      done={itemDone(item, state)}
                      editable={editable}
                      reported={wo}
                      canReport={canReport && c.status !== 'inspected'}
                      onAnswer={(value, extra) => {
                        const a = answer.give({ item, value, ...extra });
                        if (a) setGiven((m) => new Map(m).set(item.id, a));
                      }}
                      onPhoto={(file) => void onPhoto(item)(file)}
                      onRemovePhoto={(photoId) => removePhoto.mutate(photoId)}
                      onReport={({ title, description }) => {
                        const photo = run.photos.find((ph) => ph.item_id === item.id) ?? null;
                        report.mutate({ item, room: current.title, title, description, photo });
                      }}
                    />
                  );
                })}
              </ul>
              {/* Wraps where the words are long (Greek: two buttons wider than a phone). */}
              <div className="flex flex-wrap justify-between gap-2">
                <Button
                  variant="outline"
                  disabled={room === 0}
                  onClick={() => setRoom((r) => Math.max(0, r - 1))}
                >
                  <ChevronLeft aria-hidden="true" />
                  {t('run.previousRoom')}
                </Button>
                <Button
                  variant="outline"
                  className="ml-auto"
                  disabled={room >= sections.length - 1}
                  onClick={() => setRoom((r) => Math.min(sections.length - 1, r + 1))}
                >
                  {t('run.nextRoom')}
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </section>
          ) : null}
        </>
      )}

      {photoBusy > 0 ? (
        <p role="status" className="text-muted-foreground text-sm">
          {t('run.preparingPhoto')}
        </p>
      ) : null}

      {editable ? (
        <div className="space-y-2">
          {missing.length > 0 && missingRequired(run.content, state).length > 0 ? (
            <div role="alert" className="border-destructive/60 rounded-md border p-2 text-sm">
              <p className="font-medium">
                {t('run.missing', { count: missingRequired(run.content, state).length })}
              </p>
              <ul className="list-disc pl-5">
                {missingRequired(run.content, state).map((i) => (
                  <li key={i.id}>
                    {sections.find((s) => s.items.includes(i))?.title}: {i.label}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Button size="lg" className="w-full" onClick={finish}>
            {t('run.finish')}
          </Button>
        </div>
      ) : null}

      {c.status === 'done' ? (
        <p role="status" className="text-sm">
          {t('run.finished', {
            waiting: c.inspection_required ? 'yes' : 'no',
            hasTime: c.finished_at ? 'yes' : 'no',
            time: c.finished_at ? formatTime(c.finished_at) : '',
          })}
        </p>
      ) : null}
      {c.status === 'done' && canWork
        ? cleanDoneParts
            .filter((p) => !p.visible || p.visible({ roles, permissions }))
            .map((p) => (
              <p.Component
                key={p.key}
                cleanId={c.id}
                propertyId={c.property_id}
                cleaningTypeCode={c.type?.code ?? null}
                guests={c.guests_arriving}
                bedrooms={c.property?.bedrooms ?? null}
              />
            ))
        : null}
      {c.status === 'inspected' ? (
        <p role="status" className="text-sm">
          {t('run.inspected')}
        </p>
      ) : null}

      {inspecting ? (
        <section aria-label={t('run.inspection')} className="space-y-2 rounded-md border p-3">
          <h2 className="font-semibold">{t('run.inspection')}</h2>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => move.mutate({ to: 'inspected' })}>{t('run.pass')}</Button>
            <Button variant="outline" onClick={() => setSendingBack((v) => !v)}>
              {t('run.sendBack')}
            </Button>
          </div>
          {sendingBack ? (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (!backNote.trim()) {
                  setNoteError(true);
                  return;
                }
                move.mutate({ to: 'in_progress', note: backNote });
                setSendingBack(false);
              }}
            >
              <label htmlFor="send-back-note" className="block text-sm font-medium">
                {t('run.againLabel')}
              </label>
              <textarea
                id="send-back-note"
                className="border-input min-h-20 w-full rounded-md border bg-transparent px-3 py-2 text-base"
                value={backNote}
                aria-invalid={noteError || undefined}
                aria-describedby={noteError ? 'send-back-error' : undefined}
                onChange={(e) => {
                  setBackNote(e.target.value);
                  setNoteError(false);
                }}
              />
              {noteError ? (
                <p id="send-back-error" className="text-destructive text-sm">
                  {t('run.againError')}
                </p>
              ) : null}
              <Button type="submit" variant="destructive">
                {t('run.sendBackSubmit')}
              </Button>
            </form>
          ) : null}
        </section>
      ) : null}

      {/* Last: the villa's photos are read after the run, and drawn above they moved the whole
          checklist down as they arrived (bench/README.md "Issue 29"). */}
      <ReferencePhotos propertyId={c.property_id} />
    </div>
  );
}
