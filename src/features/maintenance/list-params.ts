// What the maintenance screen's address asks for (docs/maintenance.md "The screen"): the view,
// the list's filters, sort and page, the board's columns. One parser for the route and its
// loader, so the loader's reads are the screen's (same query keys).
import type { WorkOrderListParams } from '@/domain/work-orders/reads';
import { CATEGORIES } from '@/domain/work-orders/report-problem-schema';
import { PRIORITIES, STATUSES } from '@/domain/work-orders/types';

export type View = 'mine' | 'list' | 'board';

/** Work orders per page of the list (and of Mine: api/get-my-queue.ts). */
export const PAGE_SIZE = 50;
/** Work orders a board column shows; the rest are in the list filtered by its status. */
export const BOARD_SIZE = 10;

/** The view asked for, else the technician's queue for those who work and do not manage. */
export function viewOf(
  search: URLSearchParams,
  access: { canWork: boolean; canManage: boolean },
): View {
  const requested = search.get('view');
  if (requested === 'mine' || requested === 'list' || requested === 'board') return requested;
  return access.canWork && !access.canManage ? 'mine' : 'list';
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  allowed.find((a) => a === value) ?? '';

/** The page asked for (from 1). */
export const pageNumberOf = (search: URLSearchParams) =>
  Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

/** The list's page: its filters, sort and page as the address gives them. */
export function listParamsOf(search: URLSearchParams): WorkOrderListParams {
  return {
    status: oneOf(search.get('status'), STATUSES),
    priority: oneOf(search.get('priority'), PRIORITIES),
    villa: search.get('villa') ?? '',
    assignee: search.get('assignee') ?? '',
    category: oneOf(search.get('category'), CATEGORIES),
    flag: oneOf(search.get('flag'), ['blocking', 'overdue'] as const),
    sort: search.get('sort') === 'newest' ? 'newest' : 'urgency',
    page: pageNumberOf(search),
    size: PAGE_SIZE,
  };
}

/** The board: a column per status, each its first BOARD_SIZE under the list's other filters. */
export function boardColumnsOf(search: URLSearchParams): WorkOrderListParams[] {
  const list = listParamsOf(search);
  return STATUSES.map((status) => ({ ...list, status, page: 1, size: BOARD_SIZE }));
}
