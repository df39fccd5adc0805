// Choosing photos and files for a message (docs/chat.md "Attachments"): the camera or the phone's
// files, previews of what was chosen, each removable before sending, and a clear refusal of what
// the bucket would not take (a type it does not take, over 20 MB, more than 10). Controlled: the
// composer holds `files` and sends them with api/upload-attachment.ts's attachmentsForMessage.
import { Camera, FileText, Paperclip, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import {
  ATTACHMENT_TYPES,
  attachmentRefusal,
  attachmentType,
  fileSize,
  MAX_ATTACHMENTS,
} from '../image-shrink';
import { messages } from './messages';

export interface AttachmentPickerProps {
  /** The files chosen so far (the composer's state). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** At most this many on one message (send_message takes 10). */
  max?: number;
  className?: string;
}

const ACCEPT = [...ATTACHMENT_TYPES, '.heic', '.heif', '.pdf'].join(',');

export function AttachmentPicker({
  files,
  onChange,
  disabled,
  max = MAX_ATTACHMENTS,
  className,
}: AttachmentPickerProps) {
  const t = useT(messages);
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const refusalId = useId();
  const [refusals, setRefusals] = useState<string[]>([]);

  const previews = useMemo(
    () =>
      files.map((f) =>
        attachmentType(f).startsWith('image/') && typeof URL.createObjectURL === 'function'
          ? URL.createObjectURL(f)
          : null,
      ),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of previews) if (url) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const add = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const refused: string[] = [];
    const taken: File[] = [];
    for (const f of chosen) {
      const why = attachmentRefusal(f);
      if (why) refused.push(t(`attachments.refused.${why}`, { name: f.name }));
      else if (files.length + taken.length >= max)
        refused.push(t('attachments.refused.count', { name: f.name, max }));
      else taken.push(f);
    }
    setRefusals(refused);
    if (taken.length > 0) onChange([...files, ...taken]);
  };

  const remove = (index: number) => {
    setRefusals([]);
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {files.length > 0 ? (
        <ul aria-label={t('attachments.chosen')} className="flex flex-wrap gap-2">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${f.size}-${f.lastModified}-${i}`}
              className="bg-muted relative flex h-14 items-center gap-2 overflow-hidden rounded-md border pr-10"
            >
              {previews[i] ? (
                <img src={previews[i]} alt={f.name} className="size-12 object-cover" />
              ) : (
                <span className="flex h-full items-center gap-2 px-2 text-sm">
                  <FileText aria-hidden="true" className="size-5 shrink-0" />
                  <span className="max-w-40 truncate">{f.name}</span>
                </span>
              )}
              <span className="text-muted-foreground text-xs">{fileSize(f.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="absolute top-0 right-0 size-8"
                aria-label={t('attachments.remove', { name: f.name })}
                onClick={() => remove(i)}
                disabled={disabled}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {refusals.length > 0 ? (
        <div id={refusalId} role="alert" className="text-destructive text-sm">
          {refusals.map((r) => (
            <p key={r}>{r}</p>
          ))}
        </div>
      ) : null}
      <div className="flex gap-1">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('attachments.takePhoto')}
          onClick={() => camera.current?.click()}
          disabled={disabled || files.length >= max}
        >
          <Camera aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('attachments.attach')}
          onClick={() => chooser.current?.click()}
          disabled={disabled || files.length >= max}
          {...(refusals.length > 0 ? { 'aria-describedby': refusalId } : {})}
        >
          <Paperclip aria-hidden="true" />
        </Button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <input
          ref={chooser}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </div>
    </div>
  );
}
