// GET property_photos of a villa in display order, each with a signed URL (the bucket is private).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { propertyKeys } from './keys';

export const PHOTO_BUCKET = 'property-photos';
const URL_TTL_SECONDS = 60 * 60;

export interface PropertyPhoto {
  id: string;
  storage_path: string;
  caption: string;
  position: number;
  is_cover: boolean;
  url: string | null;
}

export async function getPropertyPhotos(propertyId: string): Promise<PropertyPhoto[]> {
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
