import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, ImageOff, Star, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { GALLERY_THUMB, thumbnails } from '@/lib/photo-thumbnails';
import { supabase } from '@/lib/supabase';
import { useDeletePropertyPhoto } from '../api/delete-property-photo';
import { PHOTO_BUCKET, usePropertyPhotos, type PropertyPhoto } from '../api/get-property-photos';
import { useUpdatePropertyPhotos } from '../api/update-property-photo';
import { PHOTO_TYPES, useUploadPropertyPhoto } from '../api/upload-property-photo';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

const THUMB_TTL_SECONDS = 60 * 60;

/** A photo taken on this device and still queued: its bytes are here (an object URL). */
const isLocal = (p: PropertyPhoto) => p.url?.startsWith('blob:') === true;

/**
 * Each photo's gallery-sized rendition (src/lib/photo-thumbnails.ts): a URL, null to show the
 * original (image transformation unavailable this session), undefined while being signed.
 * Photos still queued on this device show their local copy.
 */
function useThumbnails(photos: PropertyPhoto[] | undefined) {
  const online = (photos ?? []).filter((p) => !isLocal(p));
  const results = useQueries({
    queries: online.map((p) => ({
      queryKey: ['photo-thumbnail', PHOTO_BUCKET, p.storage_path, GALLERY_THUMB] as const,
      queryFn: async () =>
        (
          await thumbnails.urls(
            supabase.storage.from(PHOTO_BUCKET),
            PHOTO_BUCKET,
            [p.storage_path],
            GALLERY_THUMB,
            THUMB_TTL_SECONDS,
          )
        ).get(p.storage_path) ?? null,
      // As the originals' URLs (get-property-photos.ts): signed for an hour, refreshed before.
      staleTime: 30 * 60_000,
    })),
  });
  const out = new Map<string, string | null | undefined>();
  online.forEach((p, i) => out.set(p.id, results[i]?.data));
  return out;
}

function GalleryImage({
  photo,
  thumb,
  alt,
}: {
  photo: PropertyPhoto;
  thumb: string | null | undefined;
  alt: string;
}) {
  // A thumbnail that does not load (offline and never seen) falls back to the original.
  const [failed, setFailed] = useState<string | null>(null);
  const src = isLocal(photo)
    ? photo.url
    : thumb === undefined
      ? null
      : thumb && thumb !== failed
        ? thumb
        : photo.url;
  if (!src) return <div className="bg-muted aspect-[4/3] w-full rounded-md" />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      width={GALLERY_THUMB.width}
      height={GALLERY_THUMB.height}
      onError={() => {
        if (src === thumb) setFailed(thumb);
      }}
      className="bg-muted aspect-[4/3] h-auto w-full rounded-md object-cover"
    />
  );
}

function CaptionEditor({
  propertyId,
  photo,
  n,
}: {
  propertyId: string;
  photo: PropertyPhoto;
  /** The photo's number in the gallery (1, 2, ...), naming it to a screen reader. */
  n: number;
}) {
  const t = useT(messages);
  const update = useUpdatePropertyPhotos(propertyId);
  const [caption, setCaption] = useState(photo.caption);
  const inputId = `caption-${photo.id}`;
  return (
    <form
      className="flex gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate([{ id: photo.id, change: { caption } }]);
      }}
    >
      <Label htmlFor={inputId} className="sr-only">
        {t('gallery.captionOf', { n })}
      </Label>
      <Input
        id={inputId}
        value={caption}
        maxLength={200}
        placeholder={t('gallery.caption')}
        className="h-8 text-xs"
        onChange={(e) => setCaption(e.target.value)}
      />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={caption === photo.caption || update.isPending}
        aria-label={t('gallery.saveCaptionOf', { n })}
      >
        {t('gallery.save')}
      </Button>
    </form>
  );
}

function PhotoTools({
  propertyId,
  photos,
  index,
  n,
}: {
  propertyId: string;
  photos: PropertyPhoto[];
  index: number;
  n: number;
}) {
  const t = useT(messages);
  const update = useUpdatePropertyPhotos(propertyId);
  const remove = useDeletePropertyPhoto(propertyId);
  const photo = photos[index]!;
  // Positions may repeat or have gaps: a move renumbers the gallery 0..n-1 in the new order,
  // writing only the photos whose position changes.
  const swap = (other: number) => {
    const order = [...photos];
    [order[index], order[other]] = [order[other]!, order[index]!];
    update.mutate(
      order
        .map((p, position) => ({ id: p.id, position, was: p.position }))
        .filter((p) => p.position !== p.was)
        .map((p) => ({ id: p.id, change: { position: p.position } })),
    );
  };
  const busy = update.isPending || remove.isPending;
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="icon"
        variant="outline"
        className="size-8"
        disabled={busy || index === 0}
        aria-label={t('gallery.earlier', { n })}
        onClick={() => swap(index - 1)}
      >
        <ArrowLeft aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="outline"
        className="size-8"
        disabled={busy || index === photos.length - 1}
        aria-label={t('gallery.later', { n })}
        onClick={() => swap(index + 1)}
      >
        <ArrowRight aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="outline"
        className="size-8"
        disabled={busy || photo.is_cover}
        aria-label={t('gallery.cover', { n })}
        onClick={() => update.mutate([{ id: photo.id, change: { is_cover: true } }])}
      >
        <Star aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="outline"
        className="size-8"
        disabled={busy}
        aria-label={t('gallery.delete', { n })}
        onClick={() => remove.mutate(photo)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

export function PropertyGallery({
  propertyId,
  name,
  canManage,
}: {
  propertyId: string;
  name: string;
  canManage: boolean;
}) {
  const t = useT(messages);
  const photos = usePropertyPhotos(propertyId);
  const upload = useUploadPropertyPhoto(propertyId);
  const thumbs = useThumbnails(photos.data);

  const uploader = canManage ? (
    <div className="space-y-1">
      <Label htmlFor="photo-upload">{t('gallery.add')}</Label>
      <Input
        id="photo-upload"
        type="file"
        multiple
        accept={PHOTO_TYPES.join(',')}
        disabled={upload.isPending}
        onChange={async (e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          let position = Math.max(-1, ...(photos.data ?? []).map((p) => p.position)) + 1;
          for (const file of files) {
            try {
              await upload.mutateAsync({ file, position });
              position += 1;
            } catch {
              // Toasted by the mutation; the next file still goes.
            }
          }
        }}
      />
      {upload.isPending ? <p className="text-sm">{t('gallery.uploading')}</p> : null}
    </div>
  ) : null;

  // Photos can be added before the list has arrived (or when it cannot arrive: offline on a villa
  // not opened before); new ones then start at position 0 and sort among any by their time.
  if (photos.isPending) {
    return (
      <div className="space-y-4">
        {uploader}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <Skeleton className="aspect-[4/3]" />
          <Skeleton className="aspect-[4/3]" />
        </div>
      </div>
    );
  }
  if (photos.isError) {
    return <p className="text-muted-foreground text-sm">{t('gallery.loadFailed')}</p>;
  }
  const list = photos.data;
  return (
    <div className="space-y-4">
      {uploader}
      {list.length === 0 ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <ImageOff aria-hidden="true" className="size-4" />
          {t('gallery.none')}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('gallery.label')}>
          {list.map((photo, i) => {
            const n = i + 1;
            return (
              <li key={photo.id} className="space-y-1">
                <figure className="space-y-1">
                  <GalleryImage
                    photo={photo}
                    thumb={thumbs.get(photo.id)}
                    alt={photo.caption || t('gallery.alt', { name, n })}
                  />
                  {photo.caption || photo.is_cover ? (
                    <figcaption className="text-muted-foreground text-xs">
                      {photo.is_cover ? t('gallery.coverBadge') : ''}
                      {photo.is_cover && photo.caption ? ' · ' : ''}
                      {photo.caption}
                    </figcaption>
                  ) : null}
                </figure>
                {canManage ? (
                  <>
                    <CaptionEditor
                      key={photo.caption}
                      propertyId={propertyId}
                      photo={photo}
                      n={n}
                    />
                    <PhotoTools propertyId={propertyId} photos={list} index={i} n={n} />
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
