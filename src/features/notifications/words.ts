// A notification in words and the link it opens (docs/notifications.md).
import { generatePath } from 'react-router';
import { paths } from '@/lib/routes';
import type { Notification, NotificationKind } from './api/types';

const HEADLINES: Record<NotificationKind, string> = {
  work_order_urgent: 'Urgent work order',
  work_order_assigned: 'Work order assigned to you',
  clean_assigned: 'Clean assigned to you',
  clean_moved: 'Your clean was moved',
  clean_sent_back: 'Clean sent back after inspection',
};

export const headlineOf = (n: Pick<Notification, 'kind'>) => HEADLINES[n.kind];

/** The clean's day ('2026-07-01', a calendar day) as the app writes days: "Wed 1 Jul". */
const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
export const dayLabel = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** The second line: the villa, the clean's day, the inspector's note. */
export function detailOf(n: Pick<Notification, 'body' | 'day'>): string {
  return [n.day ? dayLabel(n.day) : '', n.body].filter(Boolean).join(' · ');
}

/** The toast's and the system notification's one line. */
export const summaryOf = (n: Notification) => `${headlineOf(n)}: ${n.title}`;

export function linkOf(n: Pick<Notification, 'link_route' | 'link_id'>): string {
  if (n.link_route === 'cleaning_task') return generatePath(paths.cleanRun.path, { id: n.link_id });
  return `${paths.maintenance.path}?${new URLSearchParams({ wo: n.link_id }).toString()}`;
}
