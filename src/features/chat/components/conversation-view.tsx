// One conversation (docs/chat.md "The screens"): its messages oldest to newest, older pages on
// request; the user's sends not yet taken by the server ("Sending…", or refused with a retry);
// "Seen" under one's last message in a direct; typing and presence; read marks as it is viewed;
// live through the realtime server.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Archive, Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { messages } from '../messages';
import type { ChatConversation } from '../api/get-conversations';
import { useMessages, useQueuedSends, type ChatMessage } from '../api/get-messages';
import { forgetSent, useOutbox, useSendMessage } from '../api/send-message';
import { useMarkRead } from '../api/mark-read';
import { useEditMessage } from '../api/edit-message';
import { useDeleteMessage } from '../api/delete-message';
import { useReact } from '../api/react-message';
import { useArchiveConversation } from '../api/archive-conversation';
import { usePresence } from '../api/use-presence';
import { useConversationLive } from '../api/live-messages';
import { Composer } from './composer';
import { NotifySetting } from './notify-setting';
import { MessageItem } from './message-item';
import { conversationTitle } from './conversation-title';
import { MessageBody } from './message-body';

export interface ConversationViewProps {
  conversation: ChatConversation;
  me: string;
  names: Record<string, string>;
  /** chat.moderate: delete others' messages and archive, in channels, villa channels, threads. */
  moderator: boolean;
  onBack?: () => void;
}

export function ConversationView({
  conversation: c,
  me,
  names,
  moderator,
  onBack,
}: ConversationViewProps) {
  const t = useT(messages);
  const id = c.id;
  // New messages, edits, reactions patched into the pages from the realtime rows (read marks:
  // the list's "Seen", read again at most once a second).
  useConversationLive(id);
  const pages = useMessages(id);
  const queued = useQueuedSends(id);
  const outbox = useOutbox(id);
  const { send, retry, discard } = useSendMessage();
  const markRead = useMarkRead();
  const edit = useEditMessage(id);
  const remove = useDeleteMessage(id);
  const react = useReact(id);
  const archive = useArchiveConversation();
  const presence = usePresence(id, me);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  const list = useMemo(() => {
    const seen = new Set<string>();
    const out: ChatMessage[] = [];
    for (const page of [...(pages.data?.pages ?? [])].reverse())
      for (const m of page.messages) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        out.push(m);
      }
    return out;
  }, [pages.data]);
  const sentIds = useMemo(
    () => new Set(list.map((m) => m.mutation_id).filter((x): x is string => x !== null)),
    [list],
  );
  useEffect(() => forgetSent(sentIds), [sentIds]);
  const pending = [
    ...(queued.data ?? [])
      .filter(
        (q) => !sentIds.has(q.mutationId) && !outbox.some((o) => o.mutationId === q.mutationId),
      )
      .map((q) => ({
        mutationId: q.mutationId,
        body: q.body,
        at: q.at,
        state: 'sending' as const,
        error: undefined,
        out: null,
      })),
    ...outbox
      .filter((o) => !sentIds.has(o.mutationId))
      .map((o) => ({
        mutationId: o.mutationId,
        body: o.body,
        at: o.at,
        state: o.state,
        error: o.error,
        out: o,
      })),
  ];

  const newest = list.at(-1);
  useEffect(() => {
    if (newest) markRead(id, newest.id);
  }, [id, newest, markRead]);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest?.id, pending.length]);

  // Directs: "Seen" under my last message once the other's read mark has passed it.
  const other = c.kind === 'direct' ? c.members.find((m) => m.user_id !== me) : undefined;
  const myLast = [...list].reverse().find((m) => m.author_id === me && !m.deleted_at);
  const seen = other?.last_read_at && myLast ? other.last_read_at >= myLast.created_at : false;
  const mayModerate =
    (moderator && c.kind !== 'direct' && c.kind !== 'group') ||
    c.members.some((m) => m.user_id === me && m.role === 'moderator');
  const title = conversationTitle(c, me, names);
  const typing = presence.typing.map((u) => names[u] ?? t('list.someone'));
  const otherOnline = other ? presence.online.has(other.user_id) : false;

  return (
    <section aria-label={title} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b pb-2">
        {onBack ? (
          <Button variant="ghost" size="sm" onClick={onBack}>
            {t('conversation.back')}
          </Button>
        ) : null}
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold">
          {title}
          {other ? (
            <span
              className={cn(
                'mx-2 inline-block size-2 rounded-full align-middle',
                otherOnline ? 'bg-emerald-600' : 'bg-muted',
              )}
              role="img"
              aria-label={otherOnline ? t('conversation.online') : t('conversation.offline')}
            />
          ) : null}
        </h2>
        {mayModerate && c.kind === 'channel' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              if (window.confirm(t('conversation.archiveConfirm'))) archive.mutate({ id });
            }}
          >
            <Archive className="size-4" aria-hidden="true" />
            {t('conversation.archive')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('conversation.notifications')}
          aria-expanded={notifyOpen}
          onClick={() => setNotifyOpen((o) => !o)}
        >
          <Bell className="size-4" aria-hidden="true" />
        </Button>
      </header>
      {notifyOpen ? <NotifySetting conversationId={id} className="border-b py-2" /> : null}
      <div className="min-h-0 flex-1 overflow-y-auto py-2" data-testid="chat-messages">
        {pages.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="ghost"
              size="sm"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {t('conversation.older')}
            </Button>
          </div>
        ) : null}
        {pages.isPending ? (
          <p className="text-muted-foreground text-sm">{t('conversation.loading')}</p>
        ) : pages.isError && list.length === 0 ? (
          <p role="alert" className="text-destructive text-sm">
            {t('conversation.loadFailed')}
          </p>
        ) : list.length === 0 && pending.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('conversation.empty')}</p>
        ) : null}
        <ol className="flex flex-col gap-1">
          {list.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              me={me}
              names={names}
              mayModerate={mayModerate}
              status={
                m.author_id === me && m === myLast
                  ? seen
                    ? t('conversation.seen')
                    : t('conversation.sent')
                  : undefined
              }
              actions={{
                onReply: setReplyTo,
                onEdit: (msg, body) => edit.mutate({ id: msg.id, body }),
                onDelete: (msg) => remove.mutate({ id: msg.id, attachments: msg.attachments }),
                onReact: (msg, emoji) => {
                  const mine = msg.reactions.find((r) => r.user_id === me && r.emoji === emoji);
                  react.mutate(
                    mine
                      ? { add: false, reactionId: mine.id }
                      : { add: true, messageId: msg.id, emoji },
                  );
                },
              }}
            />
          ))}
          {pending.map((p) => (
            <li
              key={p.mutationId}
              className="flex flex-col items-end gap-0.5 py-1"
              aria-label={t('conversation.messageBy', { name: names[me] ?? t('list.someone') })}
            >
              <span className="text-muted-foreground text-xs">{formatDateTime(p.at)}</span>
              <div
                className={cn(
                  'bg-primary/10 max-w-md rounded-lg px-3 py-1.5 text-sm',
                  p.state === 'failed' && 'text-destructive',
                )}
              >
                <MessageBody body={p.body} me={me} />
              </div>
              {p.state === 'failed' ? (
                <div role="alert" className="text-destructive flex items-center gap-2 text-xs">
                  <span>{p.error ?? t('composer.failed')}</span>
                  {p.out ? (
                    <>
                      <Button size="sm" variant="outline" onClick={() => void retry(p.out)}>
                        {t('composer.retry')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => discard(p.out)}>
                        {t('composer.discard')}
                      </Button>
                    </>
                  ) : null}
                </div>
              ) : (
                <span className="text-muted-foreground text-xs">{t('conversation.sending')}</span>
              )}
            </li>
          ))}
        </ol>
        <div ref={bottom} />
      </div>
      <p aria-live="polite" className="text-muted-foreground min-h-4 text-xs">
        {typing.length === 1
          ? t('conversation.typingOne', { name: typing[0]! })
          : typing.length > 1
            ? t('conversation.typingMany', { names: typing.join(', ') })
            : ''}
      </p>
      <Composer
        disabled={c.archived_at !== null}
        replyingTo={
          replyTo
            ? {
                id: replyTo.id,
                author: replyTo.author_id
                  ? (names[replyTo.author_id] ?? t('list.someone'))
                  : t('list.someone'),
                body: replyTo.body,
              }
            : null
        }
        onCancelReply={() => setReplyTo(null)}
        onTyped={presence.typed}
        onSend={({ body, replyTo: reply, files }) => {
          setReplyTo(null);
          void send({ conversationId: id, body, replyTo: reply, files });
        }}
      />
    </section>
  );
}
