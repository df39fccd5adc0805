import { ImageOff } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePropertyPhotos } from '../api/get-property-photos';

export function PropertyGallery({ propertyId, name }: { propertyId: string; name: string }) {
  const photos = usePropertyPhotos(propertyId);
  if (photos.isPending) {
    return (
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Skeleton className="aspect-[4/3]" />
        <Skeleton className="aspect-[4/3]" />
      </div>
    );
  }
  if (photos.isError) {
    return <p className="text-muted-foreground text-sm">Photos could not be loaded.</p>;
  }
  if (photos.data.length === 0) {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <ImageOff aria-hidden="true" className="size-4" />
        No photos yet.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Photos">
      {photos.data.map((photo, i) => (
        <li key={photo.id}>
          <figure className="space-y-1">
            {photo.url ? (
              <img
                src={photo.url}
                alt={photo.caption || `${name}, photo ${i + 1}`}
                loading="lazy"
                className="bg-muted aspect-[4/3] w-full rounded-md object-cover"
              />
            ) : (
              <div className="bg-muted aspect-[4/3] w-full rounded-md" />
            )}
            {photo.caption || photo.is_cover ? (
              <figcaption className="text-muted-foreground text-xs">
                {photo.is_cover ? 'Cover' : ''}
                {photo.is_cover && photo.caption ? ' · ' : ''}
                {photo.caption}
              </figcaption>
            ) : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
