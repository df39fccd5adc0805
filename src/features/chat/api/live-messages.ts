// Live chat without refetching per message (docs/chat.md "Live"): a busy channel sends a
// postgres_changes row per message to every member, and refetching the conversation's pages, the
// list and the counts for each one made the load grow with the traffic. Here the row itself is
// put into the query cache: a new message into the newest loaded page (once: by id, and the
// sender's own "Sending…" copy gives way by its mutation id), an edit or delete in place, a
// reaction added or removed; the list's last activity and unread count moved. Only what cannot be
// patched is read again, at most once a second per query (a message with attachments or a reply
// whose quote is not loaded, an unknown conversation, read marks).
import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { supabase } from '@/lib/supabase';
import type { ChatConversation } from './get-conversations';
import type { ChatMessage, ChatReaction, MessagePage } from './get-messages';
import { chatKeys } from './keys';

/** A `messages` row as postgres_changes sends it. */
export interface MessageRow {
  id: string;
  conversation_id: string;
  author_id: string | null;
  body: string;
  reply_to: string | null;
  mentions: string[] | null;
  mutation_id: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  attachments: unknown;
}

type Pages = InfiniteData<MessagePage, unknown>;

/** At most one refetch per query key per `ms`: the first at once, one more at the end. */
const THROTTLE_MS = 1000;
const throttles = new WeakMap<QueryClient, Map<string, { until: number; again: boolean }>>();

export function refetchThrottled(qc: QueryClient, queryKey: QueryKey, ms = THROTTLE_MS) {
  let byKey = throttles.get(qc);
  if (!byKey) throttles.set(qc, (byKey = new Map()));
  const k = JSON.stringify(queryKey);
  const now = Date.now();
  const t = byKey.get(k);
  if (t && t.until > now) {
    t.again = true;
    return;
  }
  const entry = { until: now + ms, again: false };
  byKey.set(k, entry);
  void qc.invalidateQueries({ queryKey });
  setTimeout(() => {
    if (byKey.get(k) !== entry) return;
    byKey.delete(k);
    if (entry.again) refetchThrottled(qc, queryKey, ms);
  }, ms);
}

const hasAttachments = (a: unknown) => Array.isArray(a) && a.length > 0;
const before = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  Date.parse(a.created_at) < Date.parse(b.created_at) ||
  (a.created_at === b.created_at && a.id < b.id);

function quoteOf(pages: Pages, id: string): ChatMessage['reply'] | undefined {
  for (const p of pages.pages)
    for (const m of p.messages)
      if (m.id === id)
        return { id: m.id, author_id: m.author_id, body: m.body, deleted_at: m.deleted_at };
  return undefined;
}

/**
 * A new message into the conversation's loaded pages. Answers false when it cannot be patched (the
 * caller reads the pages again): attachments (the view signs their URLs from the read), a reply
 * whose quote is not loaded. Nothing to do when the conversation is not loaded or has it already.
 */
export function patchNewMessage(qc: QueryClient, row: MessageRow): boolean {
  const key = chatKeys.messages(row.conversation_id);
  const data = qc.getQueryData<Pages>(key);
  if (!data || data.pages.length === 0) return true;
  if (data.pages.some((p) => p.messages.some((m) => m.id === row.id))) return true;
  if (hasAttachments(row.attachments)) return false;
  const reply = row.reply_to ? quoteOf(data, row.reply_to) : null;
  if (reply === undefined) return false;
  const message: ChatMessage = {
    ...row,
    mentions: row.mentions ?? [],
    reactions: [],
    reply,
  };
  // pages[0] is the newest page, oldest message first: in place by (created_at, id).
  const [newest, ...rest] = data.pages;
  const list = [...newest!.messages];
  let at = list.length;
  while (at > 0 && before(message, list[at - 1]!)) at--;
  list.splice(at, 0, message);
  qc.setQueryData<Pages>(key, { ...data, pages: [{ ...newest!, messages: list }, ...rest] });
  return true;
}

/** Each loaded message of a conversation through `change`; true when one was found. */
function changeMessages(
  qc: QueryClient,
  conversationId: string,
  change: (m: ChatMessage) => ChatMessage | null,
): boolean {
  const key = chatKeys.messages(conversationId);
  const data = qc.getQueryData<Pages>(key);
  if (!data) return false;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    messages: p.messages.map((m) => {
      const next = change(m);
      if (!next) return m;
      found = true;
      return next;
    }),
  }));
  if (found) qc.setQueryData<Pages>(key, { ...data, pages });
  return found;
}

/** An edit or a delete, in place (and in the quotes of replies to it). */
export function patchChangedMessage(qc: QueryClient, row: MessageRow): boolean {
  if (hasAttachments(row.attachments)) return false;
  let found = false;
  changeMessages(qc, row.conversation_id, (m) => {
    if (m.id === row.id) {
      found = true;
      return {
        ...m,
        body: row.body,
        mentions: row.mentions ?? [],
        edited_at: row.edited_at,
        deleted_at: row.deleted_at,
        attachments: row.attachments,
      };
    }
    if (m.reply?.id === row.id)
      return { ...m, reply: { ...m.reply, body: row.body, deleted_at: row.deleted_at } };
    return null;
  });
  return found;
}

/** A reaction added (its row) or removed (its id only: RLS cannot check a deleted row). */
export function patchReaction(
  qc: QueryClient,
  conversationId: string,
  change: { added: ChatReaction & { message_id: string } } | { removed: string },
): boolean {
  if ('added' in change) {
    const { message_id, ...reaction } = change.added;
    return changeMessages(qc, conversationId, (m) =>
      m.id !== message_id
        ? null
        : m.reactions.some((r) => r.id === reaction.id)
          ? m
          : { ...m, reactions: [...m.reactions, reaction] },
    );
  }
  return changeMessages(qc, conversationId, (m) =>
    m.reactions.some((r) => r.id === change.removed)
      ? { ...m, reactions: m.reactions.filter((r) => r.id !== change.removed) }
      : null,
  );
}

/**
 * The conversation lists: the message's conversation moves to its time and, when another person
 * wrote it and it is not the conversation open on screen (read at once), one more unread (at most
 * 100, as unread_counts) and mention. False when the conversation is not listed (a new direct, a
 * villa channel not among the listed): the caller reads the list again.
 */
export function bumpList(
  qc: QueryClient,
  row: MessageRow,
  me: string,
  open: string | null,
): boolean {
  let listed = true;
  for (const [key, list] of qc.getQueriesData<ChatConversation[]>({
    queryKey: chatKeys.lists(),
  })) {
    if (!list) continue;
    const i = list.findIndex((c) => c.id === row.conversation_id);
    if (i < 0) {
      listed = false;
      continue;
    }
    const c = list[i]!;
    const counts = row.author_id !== me && row.conversation_id !== open;
    const next: ChatConversation = {
      ...c,
      last_message_at:
        c.last_message_at && Date.parse(c.last_message_at) > Date.parse(row.created_at)
          ? c.last_message_at
          : row.created_at,
      unread: counts ? Math.min(c.unread + 1, 100) : c.unread,
      mentions: counts && (row.mentions ?? []).includes(me) ? c.mentions + 1 : c.mentions,
    };
    qc.setQueryData<ChatConversation[]>(key, [...list.slice(0, i), next, ...list.slice(i + 1)]);
  }
  return listed;
}

/** Each subscription's own topic (as useLiveUpdates: a removed channel of the same topic lingers). */
let subscriptions = 0;

/**
 * The open conversation, live: messages, reactions and member rows of `conversationId` (the
 * realtime server sends only what RLS lets this user read) patched into the cache.
 */
export function useConversationLive(conversationId: string) {
  const qc = useQueryClient();
  useEffect(() => {
    const id = conversationId;
    const refetchPages = () => refetchThrottled(qc, chatKeys.conversation(id));
    const filter = `conversation_id=eq.${id}`;
    const ch = supabase
      .channel(`chat-conversation:${id}#${++subscriptions}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages', filter },
        (p) => {
          if (!patchNewMessage(qc, p.new as MessageRow)) refetchPages();
        },
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'messages', filter },
        (p) => {
          if (!patchChangedMessage(qc, p.new as MessageRow)) refetchPages();
        },
      )
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'message_reactions', filter },
        (p) => {
          const patched =
            p.eventType === 'INSERT'
              ? patchReaction(qc, id, {
                  added: p.new as ChatReaction & { message_id: string },
                })
              : p.eventType === 'DELETE'
                ? patchReaction(qc, id, { removed: String((p.old as { id?: string }).id) })
                : false;
          if (!patched) refetchPages();
        },
      )
      // Read marks ("Seen" in a direct) and members: the list's, read again at most once a second.
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'conversation_members', filter },
        () => refetchThrottled(qc, chatKeys.lists()),
      )
      .subscribe();
    return () => {
      void supabase.removeChannel(ch);
    };
  }, [qc, conversationId]);
}

/**
 * Every conversation the user reads, live, for the list: a new message moves its conversation and
 * its unread count; the counts (unread_counts) and an unknown conversation are read again at most
 * once a second; an edit or delete elsewhere (a deleted unread message counts no more) too.
 */
export function useConversationListLive(me: string, open: string | null) {
  const qc = useQueryClient();
  // The handler reads the open conversation without subscribing again.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    if (me === '') return;
    const ch = supabase
      .channel(`chat-list:${me}#${++subscriptions}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (p) => {
        const row = p.new as MessageRow;
        // The list's copy of the counts is patched; the summary (badge, card) is read again.
        if (!bumpList(qc, row, me, openRef.current)) refetchThrottled(qc, chatKeys.lists());
        refetchThrottled(qc, chatKeys.unread());
      })
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'messages' }, () => {
        refetchThrottled(qc, chatKeys.lists());
        refetchThrottled(qc, chatKeys.unread());
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(ch);
    };
  }, [qc, me]);
}

/**
 * `keys` read again when a row of `tables` changes, at most once a second however busy the tables
 * are (useLiveUpdates reads them again on every row): for summaries that cannot be patched from one
 * row, such as the unread badge.
 */
export function useThrottledLive(
  channel: string,
  tables: readonly { table: string; filter?: string }[],
  keys: QueryKey[],
) {
  const qc = useQueryClient();
  const watched = JSON.stringify(tables);
  const refreshed = JSON.stringify(keys);
  useEffect(() => {
    const queryKeys = JSON.parse(refreshed) as QueryKey[];
    const refresh = () => {
      for (const k of queryKeys) refetchThrottled(qc, k);
    };
    let ch = supabase.channel(`${channel}#${++subscriptions}`);
    for (const t of JSON.parse(watched) as { table: string; filter?: string }[])
      ch = ch.on(
        'postgres_changes',
        { event: '*', schema: 'public', table: t.table, ...(t.filter ? { filter: t.filter } : {}) },
        refresh,
      );
    ch.subscribe();
    return () => {
      void supabase.removeChannel(ch);
    };
  }, [qc, channel, watched, refreshed]);
}
