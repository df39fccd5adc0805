// The user's unread messages in all (unread_counts(), only the conversations with some): the nav
// badge and the dashboard card. Kept on this device (`chat:unread:<user id>` in the `tasks` store)
// so the badge shows the last count offline; live on any new message the user reads.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readOne, rowResource, valueInRecord } from '@/offline/resource';
import { chatKeys } from './keys';
import { useThrottledLive } from './live-messages';

export interface UnreadSummary {
  /** Unread messages in all (each conversation counts at most 100). */
  unread: number;
  /** Conversations with unread messages. */
  conversations: number;
  /** Unread messages that mention the user. */
  mentions: number;
}

const unreadSummary = rowResource<UnreadSummary>({
  source: 'unread_counts',
  fetch: async () => {
    const rows = (await fetchOrThrow(() => supabase.rpc('unread_counts').gt('unread', 0))) ?? [];
    return {
      unread: rows.reduce((n, r) => n + r.unread, 0),
      conversations: rows.length,
      mentions: rows.reduce((n, r) => n + r.mentions, 0),
    };
  },
  copy: valueInRecord<UnreadSummary | null>('tasks', 'unread', (userId) => `chat:unread:${userId}`),
});

export const unreadQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...chatKeys.unread(), userId],
    queryFn: async () =>
      (await readOne(unreadSummary, userId)).row ?? { unread: 0, conversations: 0, mentions: 0 },
    enabled: userId !== '',
  });

const LIVE = [{ table: 'messages' }, { table: 'conversation_members' }] as const;

/**
 * The unread summary, refreshed live (a message anywhere the user reads, a read mark moved), at
 * most once a second in a busy hour.
 */
export function useUnread(userId: string) {
  useThrottledLive('chat-unread', LIVE, [chatKeys.unread()]);
  return useQuery(unreadQueryOptions(userId));
}
