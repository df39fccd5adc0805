// The composer (docs/chat.md "The screens"): Enter sends, Shift+Enter a new line; a reply target
// ("Replying to …", cancel); a keystroke tells the others "typing". Its two hook points for
// h-chatx's parts, wired in by the lead (docs/chat.md "Hook points"):
// - `MentionMenu`: shown above the text box with the text and caret; it may replace a range of
//   the text (the picked `@[Name](<uuid>)`) and sees each key first (an open menu takes Enter).
// - `AttachmentPicker`: shown beside Send; it uploads files into the conversation's folder and
//   reports the attachments (`{path, name, type, size}`) that go with the next message.
import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { SendHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { plainBody } from './conversation-title';

const MAX_BODY = 4000;

export interface MentionMenuProps {
  conversationId: string;
  value: string;
  /** The caret's position in `value`. */
  caret: number;
  /** Replaces value[start, end) with `text` and puts the caret after it. */
  replace: (start: number, end: number, text: string) => void;
  /** The menu's key handler, asked before the composer's: answer true when it took the key. */
  onKey: (handler: ((e: KeyboardEvent<HTMLTextAreaElement>) => boolean) | null) => void;
}

export interface Attachment {
  path: string;
  name: string;
  type: string;
  size: number;
}

export interface AttachmentPickerProps {
  conversationId: string;
  attachments: Attachment[];
  onChange: (attachments: Attachment[]) => void;
  disabled: boolean;
}

export interface ComposerSend {
  body: string;
  replyTo: string | null;
  attachments: Attachment[];
}

export function Composer({
  conversationId,
  disabled,
  replyingTo,
  onCancelReply,
  onSend,
  onTyped,
  MentionMenu,
  AttachmentPicker,
}: {
  conversationId: string;
  disabled?: boolean;
  replyingTo: { id: string; author: string; body: string } | null;
  onCancelReply: () => void;
  onSend: (m: ComposerSend) => void;
  onTyped?: () => void;
  MentionMenu?: ComponentType<MentionMenuProps> | undefined;
  AttachmentPicker?: ComponentType<AttachmentPickerProps> | undefined;
}) {
  const t = useT(messages);
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const menuKey = useRef<((e: KeyboardEvent<HTMLTextAreaElement>) => boolean) | null>(null);

  const send = () => {
    const body = value.trim();
    if ((!body && attachments.length === 0) || disabled) return;
    onSend({ body, replyTo: replyingTo?.id ?? null, attachments });
    setValue('');
    setCaret(0);
    setAttachments([]);
  };

  const replace = (start: number, end: number, text: string) => {
    const next = value.slice(0, start) + text + value.slice(end);
    setValue(next);
    const at = start + text.length;
    setCaret(at);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
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
      {MentionMenu ? (
        <MentionMenu
          conversationId={conversationId}
          value={value}
          caret={caret}
          replace={replace}
          onKey={(h) => {
            menuKey.current = h;
          }}
        />
      ) : null}
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          aria-label={t('composer.text')}
          placeholder={t('composer.placeholder')}
          className="border-input focus-visible:border-ring focus-visible:ring-ring/50 dark:bg-input/30 w-full flex-1 rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
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
            if (menuKey.current?.(e)) return;
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        {AttachmentPicker ? (
          <AttachmentPicker
            conversationId={conversationId}
            attachments={attachments}
            onChange={setAttachments}
            disabled={disabled ?? false}
          />
        ) : null}
        <Button type="submit" size="icon" aria-label={t('composer.send')} disabled={disabled}>
          <SendHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
