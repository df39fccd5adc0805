// A message's photos and files one at a time (docs/chat.md "Attachments"): an accessible dialog
// (focus kept inside, Escape closes, the title says which of how many), previous / next by button
// or the arrow keys, and a download of the original. Controlled by AttachmentList.
import { ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useT } from '@/lib/i18n/catalog';
import { downloadUrl, type Attachment } from '../api/upload-attachment';
import { messages } from './messages';

export interface AttachmentViewerProps {
  attachments: readonly Attachment[];
  /** The one shown; null: closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Each attachment's original, by path (signed, or this device's copy); missing: not yet. */
  urls: ReadonlyMap<string, string>;
}

export function AttachmentViewer({
  attachments,
  index,
  onIndexChange,
  urls,
}: AttachmentViewerProps) {
  const t = useT(messages);
  const shown = index === null ? undefined : attachments[index];
  const count = attachments.length;
  const go = (by: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + by + count) % count);
  };
  const url = shown ? urls.get(shown.path) : undefined;
  return (
    <Dialog open={shown !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        className="flex max-h-[90dvh] flex-col gap-3 p-4 sm:max-w-lg"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(1);
          else if (e.key === 'ArrowLeft') go(-1);
        }}
      >
        {shown ? (
          <>
            <DialogTitle className="pr-10 text-base break-all">{shown.name}</DialogTitle>
            <DialogDescription>
              {t('attachments.position', { index: (index ?? 0) + 1, count })}
            </DialogDescription>
            <div className="bg-muted flex min-h-32 flex-1 items-center justify-center overflow-hidden rounded-md">
              {!url ? (
                <span className="text-muted-foreground text-sm">
                  {t('attachments.unavailable')}
                </span>
              ) : shown.type.startsWith('image/') ? (
                <img
                  src={url}
                  alt={shown.name}
                  className="w-auto object-cover"
                  style={{ maxHeight: '70dvh' }}
                />
              ) : (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex flex-col items-center gap-2 p-6 underline"
                >
                  <FileText aria-hidden="true" className="size-12" />
                  {t('attachments.openFile')}
                </a>
              )}
            </div>
            <div className="flex items-center justify-between gap-2">
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={t('attachments.previous')}
                  disabled={count < 2}
                  onClick={() => go(-1)}
                >
                  <ChevronLeft aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={t('attachments.next')}
                  disabled={count < 2}
                  onClick={() => go(1)}
                >
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
              {url ? (
                <Button asChild variant="outline">
                  <a href={downloadUrl(url, shown.name)} download={shown.name}>
                    <Download aria-hidden="true" />
                    {t('attachments.download')}
                  </a>
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <DialogTitle className="sr-only">{t('attachments.viewer')}</DialogTitle>
        )}
      </DialogContent>
    </Dialog>
  );
}
