// A notification in words and the link it opens (docs/notifications.md).
import { generatePath } from 'react-router';
import { formatDayWithWeekday } from '@/lib/company-time';
import { paths } from '@/lib/routes';
import type { Notification } from './api/types';
import { messages } from './messages';

/** What it is about, in the language of the moment: "Urgent work order". */
export const headlineOf = (n: Pick<Notification, 'kind'>) => messages.t(`headline.${n.kind}`);

/** The clean's day ('2026-07-01', a calendar day) as the app writes days: "Wed 1 Jul". */
export const dayLabel = (day: string) => formatDayWithWeekday(day);

/** The second line: the villa, the clean's day, the inspector's note. */
export function detailOf(n: Pick<Notification, 'body' | 'day'>): string {
  return [n.day ? dayLabel(n.day) : '', n.body].filter(Boolean).join(' · ');
}

/** The toast's and the system notification's one line. */
export const summaryOf = (n: Notification) =>
  messages.t('summary', { headline: headlineOf(n), title: n.title });

export function linkOf(n: Pick<Notification, 'link_route' | 'link_id'>): string {
  if (n.link_route === 'cleaning_task') return generatePath(paths.cleanRun.path, { id: n.link_id });
  return `${paths.maintenance.path}?${new URLSearchParams({ wo: n.link_id }).toString()}`;
}
