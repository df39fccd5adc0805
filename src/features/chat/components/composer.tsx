// The composer (docs/chat.md "The screens"): Enter sends, Shift+Enter a new line; a reply target
// ("Replying to …", cancel); a keystroke tells the others "typing". Typing `@` offers the people
// one may mention (../mentions.ts, an open menu takes Enter); photos and files chosen beside Send
// go with the next message (the send queues their uploads first: ../api/send-message.ts).
import { useRef, useState } from 'react';
import { SendHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { useChatStaff } from '../api/staff-directory';
import { plainBody, useMentionAutocomplete } from '../mentions';
import { AttachmentPicker } from './attachment-picker';
import { MentionMenu } from './mention-menu';

const MAX_BODY = 4000;

export interface ComposerSend {
  body: string;
  replyTo: string | null;
  files: File[];
}

export function Composer({
  disabled,
  replyingTo,
  onCancelReply,
  onSend,
  onTyped,
}: {
  disabled?: boolean;
  replyingTo: { id: string; author: string; body: string } | null;
  onCancelReply: () => void;
  onSend: (m: ComposerSend) => void;
  onTyped?: () => void;
}) {
  const t = useT(messages);
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const staff = useChatStaff();
  const mention = useMentionAutocomplete({
    text: value,
    caret,
    people: staff.data ?? [],
    onChange: (text, at) => {
      setValue(text);
      setCaret(at);
      requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
    },
  });

  const send = () => {
    const body = value.trim();
    if ((!body && files.length === 0) || disabled) return;
    onSend({ body, replyTo: replyingTo?.id ?? null, files });
    setValue('');
    setCaret(0);
    setFiles([]);
  };

  return (
    <form
      aria-label={t('composer.label')}
      className="flex flex-col gap-1 border-t py-2"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {replyingTo ? (
        <div className="bg-muted flex items-center gap-2 rounded px-2 py-1 text-xs">
          <span className="min-w-0 flex-1 truncate">
            {t('composer.replyingTo', { name: replyingTo.author })}: {plainBody(replyingTo.body)}
          </span>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-6"
            aria-label={t('composer.cancelReply')}
            onClick={onCancelReply}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      {mention.open ? (
        <MentionMenu
          query={mention.query}
          people={mention.items}
          activeIndex={mention.activeIndex}
          onPick={(p) => {
            mention.pick(p);
            box.current?.focus();
          }}
          id={mention.listboxId}
          optionId={mention.optionId}
          onActiveChange={mention.setActiveIndex}
        />
      ) : null}
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          {...mention.inputProps}
          aria-label={t('composer.text')}
          placeholder={t('composer.placeholder')}
          className="border-input focus-visible:border-ring focus-visible:ring-ring/50 dark:bg-input/30 w-full min-w-0 flex-1 rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
          rows={1}
          maxLength={MAX_BODY}
          value={value}
          disabled={disabled}
          onChange={(e) => {
            setValue(e.target.value);
            setCaret(e.target.selectionStart);
            onTyped?.();
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={(e) => {
            if (mention.onKeyDown(e)) return;
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={disabled ?? false} />
        <Button type="submit" size="icon" aria-label={t('composer.send')} disabled={disabled}>
          <SendHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
