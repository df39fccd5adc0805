// Tells me about a message meant for me while I am elsewhere (docs/chat.md "Notifications"):
// mounted once in the signed-in frame, lazily (its chunk is not on /auth). It listens to new
// messages through the realtime server (postgres_changes under the messages' RLS, so only what I
// may read arrives), and for one that is not mine, not in the conversation I have open, and
// allowed by that conversation's preference (none / mentions / all), it shows a toast when it
// mentions me, is a direct or group message, or is in the thread of a clean or work order of mine
// (other channel chatter only raises the unread badge). With the page hidden and permission given
// (asked in notify-setting), a system notification instead.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { fetchOrThrow } from '@/lib/errors';
import { paths } from '@/lib/routes';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import type { Database } from '@/lib/database.types';
import {
  myNotifyPrefsQueryOptions,
  notifyKeys,
  notifyReason,
  type NotifiedConversation,
  type NotifyLevel,
} from '../api/set-notify';
import { chatStaffQueryOptions } from '../api/staff-directory';
import { plainBody } from '../mentions';
import { messages } from './messages';

type MessageRow = Database['public']['Tables']['messages']['Row'];

export interface ChatNotifierProps {
  /**
   * Called for every new message of another person that arrives (before any filtering): the
   * place to refresh unread counts.
   */
  onMessage?: (message: MessageRow) => void;
  /** The realtime subscription is live (from then on nothing sent is missed). */
  onSubscribed?: () => void;
}

async function conversationFor(id: string, me: string): Promise<NotifiedConversation | null> {
  const rows = await fetchOrThrow(() =>
    supabase
      .from('conversations')
      .select(
        'kind, name, work_orders(title, assignee_id), cleaning_tasks(day, properties(name), cleaning_task_assignees(user_id))',
      )
      .eq('id', id)
      .limit(1),
  );
  const c = rows?.[0];
  if (!c) return null;
  const wo = c.work_orders as { title: string; assignee_id: string | null } | null;
  const clean = c.cleaning_tasks as {
    day: string;
    properties: { name: string } | null;
    cleaning_task_assignees: { user_id: string }[];
  } | null;
  const title =
    c.kind === 'channel'
      ? `#${c.name ?? ''}`
      : c.kind === 'thread'
        ? (wo?.title ?? clean?.properties?.name ?? '')
        : (c.name ?? '');
  const mineTask =
    wo?.assignee_id === me || (clean?.cleaning_task_assignees ?? []).some((a) => a.user_id === me);
  return { kind: c.kind, title, mineTask };
}

const BODY_MAX = 140;

/**
 * A system notification, through the service worker when there is one (the installed app; its
 * `notificationclick` opens `data.url`: src/sw.ts), else the page's own. False: none allowed.
 */
async function systemNotification(
  title: string,
  body: string,
  tag: string,
  url: string,
  open: () => void,
): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  const options = { body, tag, icon: '/icons/icon-192.png', data: { url } };
  try {
    const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
    if (registration) {
      await registration.showNotification(title, options);
      return true;
    }
    const n = new Notification(title, options);
    n.onclick = () => {
      window.focus();
      open();
      n.close();
    };
    return true;
  } catch {
    return false;
  }
}

export function ChatNotifier({ onMessage, onSubscribed }: ChatNotifierProps) {
  const { user, hasPermission } = useAuth();
  const me = user?.id ?? '';
  const allowed = me !== '' && hasPermission('chat.use');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const open =
    location.pathname === paths.teamChat.path
      ? new URLSearchParams(location.search).get('c')
      : null;
  // The handler reads the latest of these without subscribing again.
  const latest = useRef({ open, onMessage, onSubscribed, navigate });
  useEffect(() => {
    latest.current = { open, onMessage, onSubscribed, navigate };
  });

  useEffect(() => {
    if (!allowed) return;
    const conversations = new Map<string, Promise<NotifiedConversation | null>>();
    const handle = async (m: MessageRow) => {
      if (m.author_id === me) return;
      latest.current.onMessage?.(m);
      const [prefs, staff] = await Promise.all([
        qc.fetchQuery(myNotifyPrefsQueryOptions()).catch(() => ({}) as Record<string, NotifyLevel>),
        qc.fetchQuery(chatStaffQueryOptions()).catch(() => []),
      ]);
      const level = prefs[m.conversation_id] ?? 'all';
      if (level === 'none') return;
      let c = conversations.get(m.conversation_id);
      if (!c) {
        c = conversationFor(m.conversation_id, me).catch(() => null);
        conversations.set(m.conversation_id, c);
      }
      const conversation = await c;
      if (!conversation) return;
      const reason = notifyReason(m, conversation, me, level, latest.current.open);
      if (!reason) return;
      const author =
        staff.find((p) => p.id === m.author_id)?.fullName ?? messages.t('notifier.someone');
      const text =
        plainBody(m.body).slice(0, BODY_MAX) ||
        messages.t('notifier.attachment', {
          count: Array.isArray(m.attachments) ? m.attachments.length : 1,
        });
      const title =
        reason === 'mention'
          ? messages.t('notifier.mentioned', { author, conversation: conversation.title })
          : reason === 'direct'
            ? messages.t('notifier.direct', { author })
            : messages.t('notifier.task', { author, conversation: conversation.title });
      const url = `${paths.teamChat.path}?c=${encodeURIComponent(m.conversation_id)}`;
      const goTo = () => latest.current.navigate(url);
      if (
        document.visibilityState === 'hidden' &&
        (await systemNotification(title, text, m.conversation_id, url, goTo))
      )
        return;
      notify.info(`${title}: ${text}`);
    };
    const channel = supabase
      .channel(`chat-notifier:${me}#${Date.now()}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages' },
        (payload) => void handle(payload.new as MessageRow),
      )
      // My preferences changed (here or on another device): read them again when next needed.
      .on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table: 'conversation_members',
          filter: `user_id=eq.${me}`,
        },
        () => void qc.invalidateQueries({ queryKey: notifyKeys.all }),
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') latest.current.onSubscribed?.();
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [allowed, me, qc]);

  return null;
}

export default ChatNotifier;
