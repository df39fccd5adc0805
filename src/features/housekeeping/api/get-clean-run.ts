// One clean's checklist run (docs/housekeeping.md "Field app"): the clean with its villa, the
// checklist version it was made with, the answers and photos given so far, the work orders its
// items raised and the villa's access notes. Declared once as an offline resource: kept in the
// `run` field of the clean's record in the `tasks` store, so a cold start with no network opens
// the run; the user's queued answers, photos, reports and status moves are laid on top, so a
// reload or a closed browser shows every answer given on this phone.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transitionCleaningTask, type CleanStatus } from '@/domain/cleans/transitions';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { overlayCalls } from '@/offline/calls';
import { listEntries } from '@/offline/queue';
import { queuedCalls, queuedChanges } from '@/offline/read';
import { readOne, rowInRecord, rowResource } from '@/offline/resource';
import {
  contentOf,
  isUuid,
  type AnswerValue,
  type RunAnswer,
  type RunContent,
  type RunPhoto,
} from '../field-logic';
import { fieldKeys } from './field-keys';

export const CLEAN_PHOTO_BUCKET = 'clean-photos';
const URL_TTL_SECONDS = 12 * 60 * 60;

export type { CleanStatus };

export interface FieldClean {
  id: string;
  property_id: string;
  day: string;
  window_start: string;
  due_at: string;
  status: CleanStatus;
  version: number;
  same_day: boolean;
  guests_arriving: number | null;
  next_check_in: string | null;
  inspection_required: boolean;
  inspection_note: string | null;
  started_at: string | null;
  finished_at: string | null;
  inspected_at: string | null;
  checklist_version_id: string | null;
  items_total: number | null;
  items_done: number | null;
  photos_count: number | null;
  notes: string;
  property: {
    name: string;
    code: string;
    area: string;
    address: string;
    latitude: number | null;
    longitude: number | null;
    /** Absent in a copy kept before it was read. */
    bedrooms?: number | null;
  } | null;
  type: { name: string; name_i18n?: unknown; code: string | null } | null;
}

export const FIELD_SELECT =
  'id,property_id,day,window_start,due_at,status,version,same_day,guests_arriving,next_check_in,inspection_required,inspection_note,started_at,finished_at,inspected_at,checklist_version_id,items_total,items_done,photos_count,notes,property:properties(name,code,area,address,latitude,longitude,bedrooms),type:cleaning_types(name,name_i18n,code)';

export interface RunWorkOrder {
  id: string;
  checklist_item: string | null;
  title: string;
  pendingSync?: boolean;
}

export interface CleanRun {
  clean: FieldClean;
  content: RunContent;
  answers: RunAnswer[];
  photos: RunPhoto[];
  workOrders: RunWorkOrder[];
  /** The villa's access notes; null when the user may not read them. */
  access: string | null;
}

const RUN_SELECT =
  `${FIELD_SELECT},checklist:checklist_template_versions(content),answers:cleaning_task_answers(item_id,value,note,flagged,answered_at),photos:cleaning_task_photos(id,item_id,storage_path,created_at),work_orders(id,checklist_item,title)` as const;

/** An answer's value as the run shows it (a JSON value the checklist's item kinds give). */
const answerValue = (v: unknown): AnswerValue =>
  typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string' ? v : null;

async function fetchRun(taskId: string): Promise<CleanRun | null> {
  if (!isUuid(taskId)) return null;
  const row = await fetchOrThrow(async () => {
    const res = await supabase
      .from('cleaning_tasks')
      .select(RUN_SELECT)
      .eq('id', taskId)
      .maybeSingle();
    return { data: res.data, error: res.error };
  });
  if (!row) return null;
  const { checklist, answers, photos, work_orders: workOrders, ...clean } = row;
  const sortedPhotos = [...photos].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const urls = new Map<string, string>();
  if (sortedPhotos.length > 0) {
    const { data } = await supabase.storage.from(CLEAN_PHOTO_BUCKET).createSignedUrls(
      sortedPhotos.map((p) => p.storage_path),
      URL_TTL_SECONDS,
    );
    for (const s of data ?? []) if (s.path && s.signedUrl) urls.set(s.path, s.signedUrl);
  }
  // Access notes only where the user may read them (properties.access): a refusal is "none".
  const access = await supabase
    .from('property_access')
    .select('access_notes')
    .eq('property_id', clean.property_id)
    .maybeSingle();
  return {
    clean,
    content: contentOf(checklist?.content),
    answers: answers.map((a) => ({ ...a, value: answerValue(a.value), note: a.note ?? '' })),
    photos: sortedPhotos.map(({ created_at: _, ...p }) => ({
      ...p,
      url: urls.get(p.storage_path) ?? null,
    })),
    workOrders,
    access: access.error ? null : (access.data?.access_notes ?? null),
  };
}

/** The run as an offline resource: the clean's record in `tasks`, field `run`. */
export const cleanRun = rowResource<CleanRun>({
  source: 'cleaning_tasks',
  fetch: fetchRun,
  copy: rowInRecord('tasks', 'run'),
});

/** Object URLs of photos still waiting in the queue, by storage path. */
const localUrls = new Map<string, string>();

/** The blob of a photo still in the queue (its upload not yet sent). */
export async function queuedBlob(bucket: string, path: string): Promise<Blob | null> {
  for (const e of await listEntries()) {
    if (e.target.kind === 'storage' && e.target.name === bucket && e.target.rowId === path)
      if (e.body instanceof Blob) return e.body;
  }
  return null;
}

async function localUrl(path: string): Promise<string | null> {
  const known = localUrls.get(path);
  if (known) return known;
  const blob = await queuedBlob(CLEAN_PHOTO_BUCKET, path);
  if (!blob) return null;
  const url = URL.createObjectURL(blob);
  localUrls.set(path, url);
  return url;
}

/**
 * The user's queued writes of this clean laid on the run, oldest first (docs/offline.md rule 7):
 * answers (the newest per item wins, as on the server), photos recorded and removed, problems
 * reported from its items, and status moves (with the version they will give the clean).
 */
export async function withQueued(run: CleanRun): Promise<CleanRun> {
  const id = run.clean.id;
  const [answers, photos, removed, moves, reports] = await Promise.all([
    queuedCalls('answer_checklist_item'),
    queuedCalls('record_checklist_photo'),
    queuedCalls('remove_checklist_photo'),
    queuedCalls('transition_cleaning_task'),
    queuedChanges('work_orders'),
  ]);
  const mine = <T extends { values?: Record<string, unknown> }>(list: T[]) =>
    list.filter((e) => e.values?.task_id === id);
  const byItem = new Map(run.answers.map((a) => [a.item_id, a]));
  for (const e of mine(answers)) {
    const v = e.values!;
    const item = String(v.item_id);
    const at = String(v.answered_at ?? '');
    const old = byItem.get(item);
    if (old && old.answered_at > at) continue;
    byItem.set(item, {
      item_id: item,
      value: (v.value ?? null) as AnswerValue,
      note: typeof v.note === 'string' ? v.note : '',
      flagged: v.flagged === true,
      answered_at: at,
      pendingSync: true,
    });
  }
  let outPhotos = [...run.photos];
  for (const e of mine(photos)) {
    const v = e.values!;
    const photoId = String(v.photo_id);
    if (outPhotos.some((p) => p.id === photoId)) continue;
    const path = String(v.storage_path);
    outPhotos.push({
      id: photoId,
      item_id: String(v.item_id),
      storage_path: path,
      url: await localUrl(path),
      pendingSync: true,
    });
  }
  const gone = new Set(removed.map((e) => String(e.values?.photo_id)));
  outPhotos = outPhotos.filter((p) => !gone.has(p.id));
  // Status moves: transition_cleaning_task's `apply`, as the optimistic patch made them.
  const [clean] = overlayCalls<FieldClean>([run.clean], [transitionCleaningTask], moves);
  const workOrders = [...run.workOrders];
  for (const e of reports) {
    const v = e.values;
    if (e.target.op !== 'insert' || v?.cleaning_task_id !== id) continue;
    if (workOrders.some((w) => w.id === v.id)) continue;
    workOrders.push({
      id: String(v.id),
      checklist_item: typeof v.checklist_item === 'string' ? v.checklist_item : null,
      title: String(v.title),
      pendingSync: true,
    });
  }
  return { ...run, clean: clean!, answers: [...byItem.values()], photos: outPhotos, workOrders };
}

export interface RunResult {
  run: CleanRun | null;
  fromDevice: boolean;
}

export async function getCleanRun(taskId: string): Promise<RunResult> {
  const { row, fromDevice } = await readOne(cleanRun, taskId);
  return { run: row ? await withQueued(row) : null, fromDevice };
}

export const cleanRunQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: fieldKeys.run(taskId), queryFn: () => getCleanRun(taskId) });

export function useCleanRun(taskId: string) {
  return useQuery(cleanRunQueryOptions(taskId));
}
