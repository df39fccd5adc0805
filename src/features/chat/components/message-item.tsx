// One message in the conversation view (docs/chat.md "The screens"): author and time, the quoted
// message it replies to, its text (mentions and safe links), "edited" / "deleted", reactions, and
// a small menu: reply, react, and for one's own edit (inline) and delete (with a confirm);
// moderators delete others' in channels, villa channels and threads.
import { useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { messages } from '../messages';
import type { ChatMessage } from '../api/get-messages';
import { MessageBody } from './message-body';
import { AttachmentList } from './attachment-list';
import { attachmentsOf } from '../api/upload-attachment';
import { plainBody } from '../mentions';

const REACTIONS = ['👍', '❤️', '😂', '🎉', '👀', '✅'];

export interface MessageActions {
  onReply: (m: ChatMessage) => void;
  onEdit: (m: ChatMessage, body: string) => void;
  onDelete: (m: ChatMessage) => void;
  onReact: (m: ChatMessage, emoji: string) => void;
}

export function MessageItem({
  message: m,
  me,
  names,
  mayModerate,
  status,
  actions,
}: {
  message: ChatMessage;
  me: string;
  names: Record<string, string>;
  /** The user may delete others' messages here. */
  mayModerate: boolean;
  /** Under one's own message: "Sent", "Seen". */
  status?: string | undefined;
  actions: MessageActions;
}) {
  const t = useT(messages);
  const [menu, setMenu] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mine = m.author_id === me;
  const deleted = m.deleted_at !== null;
  const files = attachmentsOf(m.attachments);
  const author = m.author_id ? (names[m.author_id] ?? t('list.someone')) : t('list.someone');
  const reactions = new Map<string, { count: number; mine: string | null }>();
  for (const r of m.reactions) {
    const e = reactions.get(r.emoji) ?? { count: 0, mine: null };
    reactions.set(r.emoji, { count: e.count + 1, mine: r.user_id === me ? r.id : e.mine });
  }

  return (
    <li
      className={cn('group flex flex-col gap-0.5 py-1', mine && 'items-end')}
      aria-label={t('conversation.messageBy', { name: author })}
      data-message-id={m.id}
    >
      <div className="text-muted-foreground flex items-baseline gap-2 text-xs">
        <span className="text-foreground font-medium">{author}</span>
        <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
        {m.edited_at && !deleted ? <span>{t('conversation.edited')}</span> : null}
      </div>
      <div
        className={cn(
          'max-w-md rounded-lg px-3 py-1.5 text-sm',
          mine ? 'bg-primary/10' : 'bg-muted',
          deleted && 'text-muted-foreground',
        )}
      >
        {m.reply ? (
          <blockquote className="text-muted-foreground mb-1 border-l-4 px-2 text-xs">
            <span className="font-medium">
              {m.reply.author_id
                ? (names[m.reply.author_id] ?? t('list.someone'))
                : t('list.someone')}
            </span>{' '}
            <span>{m.reply.deleted_at ? t('conversation.deleted') : plainBody(m.reply.body)}</span>
          </blockquote>
        ) : null}
        {deleted ? (
          t('conversation.deleted')
        ) : editing !== null ? (
          <form
            aria-label={t('conversation.editForm')}
            className="flex flex-col gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              if (editing.trim() && editing !== m.body) actions.onEdit(m, editing.trim());
              setEditing(null);
            }}
          >
            <textarea
              aria-label={t('conversation.editText')}
              className="bg-background w-full rounded border p-1"
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              maxLength={4000}
            />
            <div className="flex gap-1">
              <Button type="submit" size="sm">
                {t('conversation.save')}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
                {t('conversation.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <>
            {m.body ? <MessageBody body={m.body} me={me} /> : null}
            {files.length > 0 ? <AttachmentList attachments={files} className="mt-1" /> : null}
          </>
        )}
      </div>
      {reactions.size > 0 && !deleted ? (
        <div className="flex flex-wrap gap-1">
          {[...reactions].map(([emoji, r]) => (
            <button
              key={emoji}
              type="button"
              aria-pressed={r.mine !== null}
              aria-label={t('conversation.reaction', { emoji, count: r.count })}
              className={cn(
                'rounded-full border px-1.5 text-xs',
                r.mine !== null && 'border-primary/60 bg-primary/10',
              )}
              onClick={() => actions.onReact(m, emoji)}
            >
              {emoji} {r.count}
            </button>
          ))}
        </div>
      ) : null}
      {status ? <span className="text-muted-foreground text-xs">{status}</span> : null}
      {confirming ? (
        <div
          role="alertdialog"
          aria-label={t('conversation.deleteConfirm')}
          className="flex items-center gap-1 text-xs"
        >
          <span>{t('conversation.deleteConfirm')}</span>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => {
              setConfirming(false);
              actions.onDelete(m);
            }}
          >
            {t('conversation.delete')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t('conversation.cancel')}
          </Button>
        </div>
      ) : null}
      {!deleted ? (
        <div className="flex flex-wrap items-center gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-6"
            aria-expanded={menu}
            aria-label={t('conversation.actions')}
            onClick={() => setMenu((v) => !v)}
          >
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </Button>
          {menu ? (
            <div
              role="group"
              aria-label={t('conversation.actions')}
              className="flex flex-wrap gap-1"
            >
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setMenu(false);
                  actions.onReply(m);
                }}
              >
                {t('conversation.reply')}
              </Button>
              {mine ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setMenu(false);
                    setEditing(m.body);
                  }}
                >
                  {t('conversation.edit')}
                </Button>
              ) : null}
              {mine || mayModerate ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setMenu(false);
                    setConfirming(true);
                  }}
                >
                  {t('conversation.delete')}
                </Button>
              ) : null}
              {REACTIONS.map((emoji) => (
                <Button
                  key={emoji}
                  size="sm"
                  variant="ghost"
                  aria-label={t('conversation.react', { emoji })}
                  onClick={() => {
                    setMenu(false);
                    actions.onReact(m, emoji);
                  }}
                >
                  {emoji}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
