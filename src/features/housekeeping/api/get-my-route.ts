// A housekeeper's route (docs/housekeeping.md "Field app"): her cleans of today and tomorrow, in
// route order, each with its progress; and the day made available offline. Opening the route with
// signal reads every clean's checklist run (its version, answers, photos, the villa's access notes),
// the villas' reference photos (kept in the villa's record of the `properties` store, their images
// fetched once so the service worker's photo cache holds them) and her open work orders, all through
// the one offline resource layer; "Ready for offline: N cleans, updated HH:MM" says when.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { transitionCleaningTask } from '@/domain/cleans/transitions';
import { supabase } from '@/lib/supabase';
import { listResource, readList, readOne, rowsInRecord, valueInRecord } from '@/offline/resource';
import { routeOrder, runState, progressOf, allItems } from '../field-logic';
import { keepDayPlacesForCount } from '@/domain/inventory/count';
import { PROPERTY_PHOTO_BUCKET } from '@/domain/properties/photos';
import { fieldKeys } from './field-keys';
import {
  cleanRun,
  FIELD_SELECT,
  withQueued,
  type CleanRun,
  type FieldClean,
} from './get-clean-run';

export interface RouteParams {
  userId: string;
  from: string;
  to: string;
}

/** What making the day available offline also keeps: the day's places for counting stock. */
export interface PrepareOptions {
  /** The user counts stock (`inventory.adjust`): the day's villas and her van are kept for it. */
  counts?: boolean;
}

export interface RouteClean extends FieldClean {
  /** Items answered / items in the checklist, with this phone's queued answers counted. */
  progress: { done: number; total: number };
}

async function fetchRoute({ userId, from, to }: RouteParams): Promise<FieldClean[]> {
  const rows = await fetchOrThrow(() =>
    supabase
      .from('cleaning_tasks')
      .select(`${FIELD_SELECT},mine:cleaning_task_assignees!inner(user_id)`)
      .eq('mine.user_id', userId)
      .gte('day', from)
      .lte('day', to)
      .not('status', 'in', '(cancelled,skipped)')
      .order('due_at')
      .limit(200),
  );
  return (rows ?? []).map(({ mine: _, ...c }) => c);
}

/** Her cleans, kept together in one record of the `tasks` store (`route:<user id>`). */
export const myRoute = listResource<FieldClean, RouteParams>({
  source: 'cleaning_tasks',
  fetch: fetchRoute,
  copy: rowsInRecord('tasks', {
    record: (p) => `route:${p.userId}`,
    field: () => 'cleans',
    fields: () => ['cleans'],
  }),
  matches: (c, p) => c.day >= p.from && c.day <= p.to && c.status !== 'cancelled',
  compare: routeOrder,
  calls: [transitionCleaningTask],
});

export interface RouteData {
  cleans: RouteClean[];
  fromDevice: boolean;
}

/** A clean's progress from its kept run with the queued answers on top; the server's counts else. */
async function progressFor(
  clean: FieldClean,
): Promise<{ run: CleanRun | null; progress: RouteClean['progress'] }> {
  const kept = (await cleanRun.copy.load(clean.id).catch(() => undefined)) ?? undefined;
  if (!kept) {
    return {
      run: null,
      progress: { done: clean.items_done ?? 0, total: clean.items_total ?? 0 },
    };
  }
  const run = await withQueued({ ...kept, clean });
  const s = runState(run.answers, run.photos);
  return { run, progress: progressOf(allItems(run.content), s) };
}

export async function getMyRoute(p: RouteParams): Promise<RouteData> {
  const { rows, fromDevice } = await readList(myRoute, p);
  const cleans = await Promise.all(
    rows.map(async (c) => {
      const { run, progress } = await progressFor(c);
      // The status and version of a queued move (started, finished on this phone).
      return {
        ...c,
        ...(run ? { status: run.clean.status, version: run.clean.version } : {}),
        progress,
      };
    }),
  );
  return { cleans, fromDevice };
}

export const myRouteQueryOptions = (p: RouteParams) =>
  queryOptions({ queryKey: fieldKeys.route(p.userId, p.from, p.to), queryFn: () => getMyRoute(p) });

export function useMyRoute(p: RouteParams) {
  return useQuery({ ...myRouteQueryOptions(p), enabled: p.userId !== '' });
}

// ---- The day made available offline -------------------------------------------------------------

export interface VillaPhoto {
  id: string;
  storage_path: string;
  caption: string;
  position: number;
  is_cover: boolean;
  url: string | null;
}

async function fetchVillaPhotos(propertyId: string): Promise<VillaPhoto[]> {
  const rows = await fetchOrThrow(() =>
    supabase
      .from('property_photos')
      .select('id,storage_path,caption,position,is_cover')
      .eq('property_id', propertyId)
      .order('position')
      .order('created_at'),
  );
  const list = rows ?? [];
  if (list.length === 0) return [];
  const { data } = await supabase.storage.from(PROPERTY_PHOTO_BUCKET).createSignedUrls(
    list.map((r) => r.storage_path),
    60 * 60,
  );
  const urls = new Map((data ?? []).map((s) => [s.path, s.signedUrl]));
  return list.map((r) => ({ ...r, url: urls.get(r.storage_path) ?? null }));
}

/**
 * A villa's reference photos, kept where the villa's own gallery keeps them (the `photos` field of
 * its record in the `properties` store), so the villa's page has them offline too.
 */
export const villaPhotos = listResource<VillaPhoto, string>({
  source: 'property_photos',
  fetch: fetchVillaPhotos,
  copy: rowsInRecord('properties', {
    record: (propertyId) => propertyId,
    field: () => 'photos',
    fields: () => ['photos'],
  }),
  compare: (a, b) => a.position - b.position,
});

export interface OpenWorkOrder {
  id: string;
  title: string;
  status: string;
  priority: string;
  due_at: string | null;
  blocking: boolean;
  property_id: string;
  location: string;
}

async function fetchOpenWorkOrders(userId: string): Promise<OpenWorkOrder[]> {
  const rows = await fetchOrThrow(() =>
    supabase
      .from('work_orders')
      .select('id,title,status,priority,due_at,blocking,property_id,location')
      .or(`reporter_id.eq.${userId},assignee_id.eq.${userId}`)
      .not('status', 'in', '(resolved,closed)')
      .order('created_at', { ascending: false })
      .limit(50),
  );
  return rows ?? [];
}

/** Her open problem reports and assigned work orders (`route:<user id>`, field `workOrders`). */
export const myWorkOrders = listResource<OpenWorkOrder, string>({
  source: 'work_orders',
  table: 'work_orders',
  fetch: fetchOpenWorkOrders,
  copy: rowsInRecord('tasks', {
    record: (userId) => `route:${userId}`,
    field: () => 'workOrders',
    fields: () => ['workOrders'],
  }),
  owns: (v, userId) => v.reporter_id === userId || v.reporter_id === undefined,
  fromQueued: (v) => ({
    id: String(v.id),
    title: String(v.title ?? ''),
    status: 'open',
    priority: String(v.priority ?? 'medium'),
    due_at: typeof v.due_at === 'string' ? v.due_at : null,
    blocking: v.blocking === true,
    property_id: String(v.property_id ?? ''),
    location: String(v.location ?? ''),
  }),
});

export function useMyWorkOrders(userId: string) {
  return useQuery({
    queryKey: fieldKeys.workOrders(userId),
    queryFn: async () => (await readList(myWorkOrders, userId)).rows,
    enabled: userId !== '',
  });
}

export interface Prepared {
  cleans: number;
  at: number;
}

/** When the day was last read onto this device: the `prepared` field of `route:<user id>`. */
const preparedCopy = valueInRecord<Prepared>('tasks', 'prepared', (userId) => `route:${userId}`);

/** Fetches an image once so the service worker's photo cache keeps it (best effort). */
async function warm(url: string | null): Promise<void> {
  if (!url) return;
  try {
    const res = await fetch(url);
    await res.blob();
  } catch {
    // Not cached: the photo shows when there is signal.
  }
}

/**
 * Reads everything the day needs into this device (online only): every clean's run, the villas'
 * reference photos (and their images), her open work orders, and, when she counts stock, the
 * villas' and her van's stock for count mode. Records when, for the "Ready for offline" line.
 */
export async function prepareOffline(
  p: RouteParams,
  { counts = false }: PrepareOptions = {},
): Promise<Prepared> {
  const cleans = await fetchRoute(p);
  await myRoute.copy.save(p, cleans);
  const villas = [...new Set(cleans.map((c) => c.property_id))];
  await Promise.all([
    ...cleans.map((c) => readOne(cleanRun, c.id)),
    ...villas.map(async (v) => {
      const { rows } = await readList(villaPhotos, v);
      await Promise.all(rows.map((r) => warm(r.url)));
    }),
    readList(myWorkOrders, p.userId),
    // Best effort: the day's cleans are ready offline even if the stock could not be read.
    counts ? keepDayPlacesForCount(p.userId, villas).catch(() => undefined) : null,
  ]);
  // The clean photos already on the server, for the run's gallery offline.
  const runs = await Promise.all(cleans.map((c) => cleanRun.copy.load(c.id)));
  await Promise.all(runs.flatMap((r) => (r?.photos ?? []).map((ph) => warm(ph.url))));
  const prepared = { cleans: cleans.length, at: Date.now() };
  await preparedCopy.save(p.userId, prepared);
  return prepared;
}

export async function getPrepared(userId: string): Promise<Prepared | null> {
  return (await preparedCopy.load(userId).catch(() => undefined)) ?? null;
}

export function usePrepared(userId: string) {
  return useQuery({
    queryKey: fieldKeys.prepared(userId),
    queryFn: () => getPrepared(userId),
    enabled: userId !== '',
    networkMode: 'always',
  });
}

export function useVillaPhotos(propertyId: string | undefined) {
  return useQuery({
    queryKey: [...fieldKeys.all(), 'villa-photos', propertyId],
    queryFn: async () => (await readList(villaPhotos, propertyId!)).rows,
    enabled: !!propertyId,
    staleTime: 30 * 60_000,
  });
}
