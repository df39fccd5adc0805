// The housekeeper's field app, its rules without React (docs/housekeeping.md "Field app"): what a
// checklist version holds, when an item counts as answered or failed, what is still missing before
// a clean may be finished, progress per room and overall, the route's order and a maps link.
//
// The content's shape is the checklists area's (src/features/checklists/content.ts, checked by
// the database too); features never import each other, so the part the run needs is said here.

import { localized } from '@/lib/i18n/localized';
import type { AppLanguage } from '@/lib/i18n/languages';

export type ItemKind = 'tick' | 'yes_no' | 'number' | 'text' | 'photo';

export interface RunItem {
  id: string;
  label: string;
  /** The label in the app's other languages (docs/i18n.md "Names the office writes"). */
  label_i18n?: unknown;
  kind: ItemKind;
  required: boolean;
  critical: boolean;
  min?: number | null;
  max?: number | null;
  unit?: string;
}

export interface RunSection {
  id: string;
  title: string;
  title_i18n?: unknown;
  items: RunItem[];
}

export interface RunContent {
  sections: RunSection[];
}

/** tick / yes_no: boolean, number: number, text: string, photo: true once one is taken. */
export type AnswerValue = boolean | number | string | null;

export interface RunAnswer {
  item_id: string;
  value: AnswerValue;
  note: string;
  flagged: boolean;
  answered_at: string;
  /** Given on this device and not yet on the server. */
  pendingSync?: boolean;
}

export interface RunPhoto {
  id: string;
  item_id: string;
  storage_path: string;
  /** A signed URL, or an object URL of the blob still in the queue; null when neither is known. */
  url: string | null;
  pendingSync?: boolean;
}

/** The content as the database keeps it, read defensively (a clean without a checklist has none). */
export function contentOf(raw: unknown): RunContent {
  const sections = (raw as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(sections)) return { sections: [] };
  return {
    sections: sections.map((s: RunSection) => ({
      id: String(s.id),
      title: String(s.title ?? ''),
      title_i18n: s.title_i18n,
      items: Array.isArray(s.items) ? s.items : [],
    })),
  };
}

/**
 * The content with each room's title and item's label in the reader's language (the office's
 * translations, else the English): the housekeeper works through it in hers, the manager reads
 * the answers in his. Done where it is shown, so a language switch redraws it.
 */
export function localizeContent(content: RunContent, language: AppLanguage): RunContent {
  if (language === 'en') return content;
  return {
    sections: content.sections.map((s) => ({
      ...s,
      title: localized(s.title, s.title_i18n, language),
      items: s.items.map((i) => ({ ...i, label: localized(i.label, i.label_i18n, language) })),
    })),
  };
}

export function allItems(content: RunContent): RunItem[] {
  return content.sections.flatMap((s) => s.items);
}

export function outOfRange(item: RunItem, value: AnswerValue): boolean {
  if (item.kind !== 'number' || typeof value !== 'number' || !Number.isFinite(value)) return false;
  return (item.min != null && value < item.min) || (item.max != null && value > item.max);
}

/** Has the item an answer that counts (a photo item: a photo taken). */
export function isAnswered(item: RunItem, answer: RunAnswer | undefined, photos: number): boolean {
  if (item.kind === 'photo') return photos > 0;
  const v = answer?.value;
  switch (item.kind) {
    case 'tick':
      return v === true;
    case 'yes_no':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'text':
      return typeof v === 'string' && v.trim() !== '';
  }
}

/** A failed item: "no", out of the expected range, or flagged by the housekeeper. */
export function isFailed(item: RunItem, answer: RunAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.flagged) return true;
  if (item.kind === 'yes_no' && answer.value === false) return true;
  return outOfRange(item, answer.value);
}

export interface RunState {
  answers: Map<string, RunAnswer>;
  photoCount: Map<string, number>;
}

export function runState(answers: RunAnswer[], photos: RunPhoto[]): RunState {
  const photoCount = new Map<string, number>();
  for (const p of photos) photoCount.set(p.item_id, (photoCount.get(p.item_id) ?? 0) + 1);
  return { answers: new Map(answers.map((a) => [a.item_id, a])), photoCount };
}

export function itemDone(item: RunItem, s: RunState): boolean {
  return isAnswered(item, s.answers.get(item.id), s.photoCount.get(item.id) ?? 0);
}

export function progressOf(items: RunItem[], s: RunState): { done: number; total: number } {
  return { done: items.filter((i) => itemDone(i, s)).length, total: items.length };
}

/** Required items without an answer, in checklist order. */
export function missingRequired(content: RunContent, s: RunState): RunItem[] {
  return allItems(content).filter((i) => i.required && !itemDone(i, s));
}

/** Today's route: by due time, then area, then villa. */
export function routeOrder<
  T extends { due_at: string; property: { area: string; name: string } | null },
>(a: T, b: T): number {
  return (
    a.due_at.localeCompare(b.due_at) ||
    (a.property?.area ?? '').localeCompare(b.property?.area ?? '') ||
    (a.property?.name ?? '').localeCompare(b.property?.name ?? '')
  );
}

/** One-tap directions: the coordinates when the villa has them, else its address; null: neither. */
export function directionsUrl(p: {
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}): string | null {
  if (p.latitude != null && p.longitude != null)
    return `https://www.google.com/maps/dir/?api=1&destination=${p.latitude},${p.longitude}`;
  const address = p.address?.trim();
  return address
    ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`
    : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
