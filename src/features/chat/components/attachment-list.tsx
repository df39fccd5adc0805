// A message's attachments (docs/chat.md "Attachments"): photos as thumbnails (Storage's sized
// renditions, src/lib/photo-thumbnails.ts, else the original), PDFs and other files as chips with
// their name and size; a tap opens the viewer. URLs are signed for an hour under the reader's own
// rights (the bucket's policies follow the conversation); a file this device is still uploading
// shows from the device.
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useT } from '@/lib/i18n/catalog';
import { GALLERY_THUMB, thumbnails } from '@/lib/photo-thumbnails';
import { supabase } from '@/lib/supabase';
import { cn } from '@/lib/utils';
import {
  CHAT_ATTACHMENT_BUCKET,
  localAttachmentUrl,
  type Attachment,
} from '../api/upload-attachment';
import { fileSize } from '../image-shrink';
import { AttachmentViewer } from './attachment-viewer';
import { messages } from './messages';

export interface AttachmentListProps {
  /** The message's `attachments` as stored ({path, name, type, size}). */
  attachments: readonly Attachment[];
  className?: string;
}

const URL_TTL_SECONDS = 3600;

const isImage = (a: Attachment) => a.type.startsWith('image/');

/** Each path's original and (images) thumbnail URL; this device's copy first. */
async function signedUrls(attachments: readonly Attachment[]) {
  const originals = new Map<string, string>();
  const thumbs = new Map<string, string>();
  const toSign: string[] = [];
  for (const a of attachments) {
    const local = localAttachmentUrl(a.path);
    if (local) {
      originals.set(a.path, local);
      thumbs.set(a.path, local);
    } else toSign.push(a.path);
  }
  if (toSign.length === 0) return { originals, thumbs };
  const files = supabase.storage.from(CHAT_ATTACHMENT_BUCKET);
  const [signed, sized] = await Promise.all([
    files.createSignedUrls(toSign, URL_TTL_SECONDS),
    thumbnails.urls(
      files,
      CHAT_ATTACHMENT_BUCKET,
      attachments.filter((a) => isImage(a) && toSign.includes(a.path)).map((a) => a.path),
      GALLERY_THUMB,
      URL_TTL_SECONDS,
    ),
  ]);
  if (signed.error && sized.size === 0) throw signed.error;
  for (const s of signed.data ?? []) if (s.path && s.signedUrl) originals.set(s.path, s.signedUrl);
  for (const a of attachments) {
    if (!isImage(a) || thumbs.has(a.path)) continue;
    const url = sized.get(a.path) ?? originals.get(a.path);
    if (url) thumbs.set(a.path, url);
  }
  return { originals, thumbs };
}

export function AttachmentList({ attachments, className }: AttachmentListProps) {
  const t = useT(messages);
  const [open, setOpen] = useState<number | null>(null);
  const paths = attachments.map((a) => a.path);
  const urls = useQuery({
    queryKey: ['chat', 'attachment-urls', CHAT_ATTACHMENT_BUCKET, ...paths],
    queryFn: () => signedUrls(attachments),
    enabled: attachments.length > 0,
    // Signed for an hour: signed again before they expire.
    staleTime: 30 * 60_000,
  });
  if (attachments.length === 0) return null;
  const originals = urls.data?.originals ?? new Map<string, string>();
  const thumbs = urls.data?.thumbs ?? new Map<string, string>();
  return (
    <>
      <ul aria-label={t('attachments.listLabel')} className={cn('flex flex-wrap gap-2', className)}>
        {attachments.map((a, i) => (
          <li key={a.path}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t('attachments.openNamed', { name: a.name })}
              className="focus-visible:ring-ring/50 bg-muted flex items-center gap-2 overflow-hidden rounded-md border text-left text-sm focus-visible:ring-2 focus-visible:outline-none"
            >
              {isImage(a) && thumbs.get(a.path) ? (
                <img
                  src={thumbs.get(a.path)}
                  alt={a.name}
                  loading="lazy"
                  className="size-20 object-cover"
                />
              ) : (
                <span className="flex h-12 items-center gap-2 px-3">
                  <FileText aria-hidden="true" className="size-5 shrink-0" />
                  <span className="max-w-40 truncate">{a.name}</span>
                  <span className="text-muted-foreground text-xs">{fileSize(a.size)}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <AttachmentViewer
        attachments={attachments}
        index={open}
        onIndexChange={setOpen}
        urls={originals}
      />
    </>
  );
}
