// What a conversation is called in the list and the view's heading (docs/chat.md "The screens").
import { formatDay } from '@/lib/company-time';
import { messages } from '../messages';
import type { ChatConversation } from '../api/get-conversations';

export function conversationTitle(
  c: ChatConversation,
  me: string,
  names: Record<string, string>,
): string {
  const t = messages.t;
  const nameOf = (id: string) => names[id] ?? t('list.someone');
  switch (c.kind) {
    case 'channel':
      return `#${c.name ?? ''}`;
    case 'villa':
      return c.name ?? t('list.villa');
    case 'direct': {
      const other = c.members.find((m) => m.user_id !== me);
      return other ? nameOf(other.user_id) : t('list.someone');
    }
    case 'group':
      return (
        c.name ??
        c.members
          .filter((m) => m.user_id !== me)
          .map((m) => nameOf(m.user_id))
          .join(', ')
      );
    case 'thread':
      if (c.workOrder)
        return t('list.workOrderThread', {
          villa: c.workOrder.villa ?? '',
          title: c.workOrder.title,
        });
      if (c.clean)
        return t('list.cleanThread', { villa: c.clean.villa ?? '', day: formatDay(c.clean.day) });
      return t('list.thread');
  }
}

/** An unread count as the badges show it. */
export const unreadLabel = (n: number) => (n > 99 ? '99+' : String(n));

export type Section = 'channels' | 'villas' | 'directs' | 'threads';

export const sectionOf = (c: ChatConversation): Section =>
  c.kind === 'channel'
    ? 'channels'
    : c.kind === 'villa'
      ? 'villas'
      : c.kind === 'thread'
        ? 'threads'
        : 'directs';
