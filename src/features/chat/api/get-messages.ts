// One conversation's messages, page by page (docs/chat.md "The screens"): the newest page (50)
// first, older pages on request. The newest page is kept on this device in one record of the
// `tasks` store (`chat:messages:<conversation id>`), so the last 50 read offline; older pages are
// read from the server only. The user's sends still in the sync queue are read beside them.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { queuedCalls } from '@/offline/read';
import { noDeviceCopy, readOne, rowResource, valueInRecord } from '@/offline/resource';
import { chatKeys } from './keys';

export const PAGE_SIZE = 50;

export interface ChatReaction {
  id: string;
  user_id: string;
  emoji: string;
}

export interface ChatMessage {
  id: string;
  conversation_id: string;
  author_id: string | null;
  body: string;
  reply_to: string | null;
  mentions: string[];
  mutation_id: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  attachments: unknown;
  reactions: ChatReaction[];
  /** The message replied to (its author and text), when this is a reply. */
  reply: Quoted | null;
}

type Quoted = { id: string; author_id: string | null; body: string; deleted_at: string | null };

export interface MessagePage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** More before the first one. */
  older: boolean;
}

const SELECT =
  'id, conversation_id, author_id, body, reply_to, mentions, mutation_id, created_at, edited_at, deleted_at, attachments, reactions:message_reactions(id, user_id, emoji)';

/**
 * Where an older page ends: the oldest message shown, by (created_at, id). Messages may share a
 * created_at (one transaction, a replayed import), so the cursor is the pair, as the order is.
 */
export interface PageCursor {
  at: string;
  id: string;
}

async function fetchPage(conversationId: string, before: PageCursor | null): Promise<MessagePage> {
  const rows =
    (await fetchOrThrow(() => {
      let q = supabase
        .from('messages')
        .select(SELECT)
        .eq('conversation_id', conversationId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(PAGE_SIZE + 1);
      // Keyset on (created_at, id), the index `messages (conversation_id, created_at desc, id
      // desc)`: strictly before the oldest shown, ties on created_at broken by id.
      if (before)
        q = q.or(
          `created_at.lt."${before.at}",and(created_at.eq."${before.at}",id.lt.${before.id})`,
        );
      return q;
    })) ?? [];
  const page = rows.slice(0, PAGE_SIZE).reverse();
  // The messages replied to: from the page itself, else read by id (a reply to an older one).
  const byId = new Map<string, Quoted>(page.map((m) => [m.id, m]));
  const missing = [
    ...new Set(page.map((m) => m.reply_to).filter((r): r is string => !!r && !byId.has(r))),
  ];
  if (missing.length > 0) {
    const quoted =
      (await fetchOrThrow(() =>
        supabase.from('messages').select('id, author_id, body, deleted_at').in('id', missing),
      )) ?? [];
    for (const q of quoted) byId.set(q.id, q);
  }
  return {
    messages: page.map((m) => {
      const q = m.reply_to ? byId.get(m.reply_to) : undefined;
      return {
        ...m,
        reply: q
          ? { id: q.id, author_id: q.author_id, body: q.body, deleted_at: q.deleted_at }
          : null,
      };
    }),
    older: rows.length > PAGE_SIZE,
  };
}

/** The newest page, kept on the device. */
export const recentMessages = rowResource<MessagePage>({
  source: 'messages',
  fetch: (conversationId) => fetchPage(conversationId, null),
  copy: valueInRecord<MessagePage | null>('tasks', 'messages', (id) => `chat:messages:${id}`),
});

/**
 * An older page (`<conversation id> <created_at> <id>` of the oldest shown): the server only.
 */
const olderMessages = rowResource<MessagePage>({
  source: 'messages',
  fetch: (key) => {
    const [conversationId, at, id] = key.split(' ');
    return fetchPage(conversationId!, { at: at!, id: id! });
  },
  copy: noDeviceCopy,
});

export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    initialPageParam: null as PageCursor | null,
    queryFn: async ({ pageParam }): Promise<MessagePage> =>
      (pageParam === null
        ? (await readOne(recentMessages, conversationId)).row
        : (await readOne(olderMessages, `${conversationId} ${pageParam.at} ${pageParam.id}`))
            .row) ?? {
        messages: [],
        older: false,
      },
    // Pages are fetched newest first: the "next" page is the older one, before the oldest shown.
    getNextPageParam: (last): PageCursor | null => {
      const oldest = last.messages[0];
      return last.older && oldest ? { at: oldest.created_at, id: oldest.id } : null;
    },
  });

export const useMessages = (conversationId: string) =>
  useInfiniteQuery(messagesQueryOptions(conversationId));

/** A send of this user still in the sync queue (made offline, or on its way). */
export interface QueuedSend {
  mutationId: string;
  conversationId: string;
  body: string;
  replyTo: string | null;
  at: string;
}

async function readQueued(conversationId: string): Promise<QueuedSend[]> {
  return (await queuedCalls('send_message'))
    .filter((e) => e.values?.conversation_id === conversationId)
    .map((e) => ({
      mutationId: String(e.values?.mutation_id ?? e.mutationId),
      conversationId,
      body: String(e.values?.body ?? ''),
      replyTo: (e.values?.reply_to as string | null | undefined) ?? null,
      at: new Date(e.timestamp).toISOString(),
    }));
}

export const queuedQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.queued(conversationId),
    queryFn: () => readQueued(conversationId),
    networkMode: 'always',
  });

export const useQueuedSends = (conversationId: string) =>
  useQuery(queuedQueryOptions(conversationId));
