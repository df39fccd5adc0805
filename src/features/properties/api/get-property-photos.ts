// GET property_photos of a villa in display order, each with a signed URL (the bucket is private).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listEntries } from '@/offline/queue';
import { listResource, readList, rowsInRecord } from '@/offline/resource';
import { PROPERTY_PHOTO_BUCKET } from '@/domain/properties/photos';
import { propertyKeys } from './keys';

/** The villa photos' bucket (named once in src/domain/properties/photos.ts). */
export const PHOTO_BUCKET = PROPERTY_PHOTO_BUCKET;
const URL_TTL_SECONDS = 60 * 60;

export interface PropertyPhoto {
  id: string;
  storage_path: string;
  caption: string;
  position: number;
  is_cover: boolean;
  url: string | null;
  /** Taken on this device and not yet on the server. */
  pendingSync?: boolean;
}

async function fetchPropertyPhotos(propertyId: string): Promise<PropertyPhoto[]> {
  const rows = await fetchOrThrow(
    supabase
      .from('property_photos')
      .select('id,storage_path,caption,position,is_cover')
      .eq('property_id', propertyId)
      .order('position')
      .order('created_at'),
  );
  if (rows.length === 0) return [];
  const signed = await fetchOrThrow(
    supabase.storage.from(PHOTO_BUCKET).createSignedUrls(
      rows.map((r) => r.storage_path),
      URL_TTL_SECONDS,
    ),
  );
  const urls = new Map(signed.map((s) => [s.path, s.signedUrl]));
  return rows.map((r) => ({ ...r, url: urls.get(r.storage_path) ?? null }));
}

/** Object URLs of photos still waiting in the queue, by storage path (shown until uploaded). */
const localUrls = new Map<string, string>();

async function queuedPhotoUrls(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await listEntries()) {
    if (e.target.kind !== 'storage' || e.target.name !== PHOTO_BUCKET || !e.target.rowId) continue;
    if (!(e.body instanceof Blob)) continue;
    const url = localUrls.get(e.target.rowId) ?? URL.createObjectURL(e.body);
    localUrls.set(e.target.rowId, url);
    out.set(e.target.rowId, url);
  }
  return out;
}

/**
 * A villa's gallery as an offline resource (docs/offline.md "Declaring a resource"): kept in the
 * `photos` field of the villa's record in the `properties` store; queued photo rows of this villa
 * lie on top in display order. A villa made offline has no photos but its queued ones.
 */
export const propertyPhotos = listResource<PropertyPhoto, string>({
  source: 'property_photos',
  table: 'property_photos',
  fetch: fetchPropertyPhotos,
  copy: rowsInRecord('properties', {
    record: (propertyId) => propertyId,
    field: () => 'photos',
    fields: () => ['photos'],
  }),
  compare: (a, b) => a.position - b.position,
  owns: (v, propertyId) => v.property_id === propertyId,
  fromQueued: (v) => ({
    id: String(v.id),
    storage_path: String(v.storage_path),
    caption: typeof v.caption === 'string' ? v.caption : '',
    position: typeof v.position === 'number' ? v.position : 0,
    is_cover: v.is_cover === true,
    url: null,
  }),
  madeOffline: { table: 'properties', id: (propertyId) => propertyId },
});

/** The gallery from the server (kept on the device) or the device's copy, with queued changes. */
export async function getPropertyPhotos(propertyId: string): Promise<PropertyPhoto[]> {
  const { rows } = await readList(propertyPhotos, propertyId);
  if (!rows.some((r) => r.pendingSync && r.url === null)) return rows;
  // A photo still waiting in the queue shows from its blob until it is uploaded.
  const urls = await queuedPhotoUrls();
  return rows.map((r) =>
    r.pendingSync && r.url === null ? { ...r, url: urls.get(r.storage_path) ?? null } : r,
  );
}

export const getPropertyPhotosQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: propertyKeys.photos(propertyId),
    queryFn: () => getPropertyPhotos(propertyId),
    // Signed URLs last an hour; refetch well before they expire.
    staleTime: 30 * 60_000,
  });

export function usePropertyPhotos(propertyId: string) {
  return useQuery(getPropertyPhotosQueryOptions(propertyId));
}
