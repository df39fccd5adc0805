// What a conversation tells me (docs/chat.md "Notifications"): my conversation_members.notify,
// all / mentions / none. A private channel's, a direct's and a group's row is the membership and
// exists; in an open channel, a villa channel or a thread the row only keeps my read state and
// preference, so it is made (with a client-made id) the first time I set one. Through the one
// sync queue: set offline, it is sent on reconnect, once.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAppMutation } from '@/lib/use-app-mutation';
import type { Database } from '@/lib/database.types';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { messages } from '../components/messages';

export type NotifyLevel = Database['public']['Enums']['chat_notify'];
export const NOTIFY_LEVELS: readonly NotifyLevel[] = ['all', 'mentions', 'none'];

export interface MyNotify {
  /** My member row's id; null: no row yet (an open conversation I never read or set). */
  rowId: string | null;
  notify: NotifyLevel;
}

export const notifyKeys = {
  all: ['chat', 'notify'] as const,
  one: (conversationId: string) => ['chat', 'notify', conversationId] as const,
  mine: () => ['chat', 'notify', 'mine'] as const,
};

async function myId(): Promise<string> {
  return (await supabase.auth.getSession()).data.session?.user.id ?? '';
}

export async function getMyNotify(conversationId: string): Promise<MyNotify> {
  const me = await myId();
  const [row] =
    (await fetchOrThrow(() =>
      supabase
        .from('conversation_members')
        .select('id, notify')
        .eq('conversation_id', conversationId)
        .eq('user_id', me)
        .limit(1),
    )) ?? [];
  return row ? { rowId: row.id, notify: row.notify } : { rowId: null, notify: 'all' };
}

export const myNotifyQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: notifyKeys.one(conversationId),
    queryFn: () => getMyNotify(conversationId),
  });

export const useMyNotify = (conversationId: string) =>
  useQuery(myNotifyQueryOptions(conversationId));

/** Every preference I have set, by conversation (no row: 'all'), for the notifier. */
export async function getMyNotifyPrefs(): Promise<Record<string, NotifyLevel>> {
  const me = await myId();
  const rows = await fetchOrThrow(() =>
    supabase.from('conversation_members').select('conversation_id, notify').eq('user_id', me),
  );
  return Object.fromEntries((rows ?? []).map((r) => [r.conversation_id, r.notify]));
}

export const myNotifyPrefsQueryOptions = () =>
  queryOptions({
    queryKey: notifyKeys.mine(),
    queryFn: getMyNotifyPrefs,
    staleTime: 5 * 60_000,
  });

export function useSetNotify(conversationId: string) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<NotifyLevel, WriteResult, MyNotify | undefined>({
    mutationFn: async (notify) => {
      const label = messages.t('notify.queueLabel');
      const current =
        qc.getQueryData<MyNotify>(notifyKeys.one(conversationId)) ??
        (await getMyNotify(conversationId));
      let write;
      if (current.rowId) {
        write = updateRow('conversation_members', current.rowId, { notify }, label);
      } else {
        const id = crypto.randomUUID();
        write = insertRow(
          'conversation_members',
          { id, conversation_id: conversationId, user_id: me, notify },
          label,
        );
        // A second change before the server answers (offline) updates this row, not another.
        qc.setQueryData<MyNotify>(notifyKeys.one(conversationId), { rowId: id, notify });
      }
      return queueWrite(write, { userId: me, invalidate: [notifyKeys.all], waitMs: 3000 });
    },
    onMutate: (notify) => {
      const before = qc.getQueryData<MyNotify>(notifyKeys.one(conversationId));
      qc.setQueryData<MyNotify>(notifyKeys.one(conversationId), {
        rowId: before?.rowId ?? null,
        notify,
      });
      return before;
    },
    rollback: (before) => qc.setQueryData(notifyKeys.one(conversationId), before),
    invalidate: [notifyKeys.all],
    done: (result) => notifySaved(result, messages.t('notify.saved')),
    failed: messages.t('notify.failed'),
  });
}

// ---------------------------------------------------------------------------------------------
// What the notifier shows (components/chat-notifier.tsx)
// ---------------------------------------------------------------------------------------------

export interface NotifiedConversation {
  kind: Database['public']['Enums']['conversation_kind'];
  title: string;
  /** A thread on a clean or work order assigned to me. */
  mineTask: boolean;
}

/** Why a message is worth a toast, or null (pure: the rules of the issue). */
export function notifyReason(
  m: Pick<
    Database['public']['Tables']['messages']['Row'],
    'author_id' | 'mentions' | 'deleted_at' | 'conversation_id'
  >,
  c: NotifiedConversation,
  me: string,
  level: NotifyLevel,
  openConversation: string | null,
): 'mention' | 'direct' | 'task' | null {
  if (!me || m.author_id === me || m.deleted_at || m.conversation_id === openConversation)
    return null;
  if (level === 'none') return null;
  const mentioned = (m.mentions ?? []).includes(me);
  if (mentioned) return 'mention';
  if (level === 'mentions') return null;
  if (c.kind === 'direct' || c.kind === 'group') return 'direct';
  if (c.kind === 'thread' && c.mineTask) return 'task';
  return null;
}
