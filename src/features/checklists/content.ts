// The shape of a checklist version's content (checked by the database too:
// private.checklist_content_problem in supabase/migrations/20261124120000_cleaning_settings.sql).
import type { Translations } from '@/components/translations/translations';
import { messages } from './messages';

export type ItemKind = 'tick' | 'yes_no' | 'number' | 'text' | 'photo';

export const ITEM_KINDS: readonly ItemKind[] = ['tick', 'yes_no', 'number', 'text', 'photo'];

/** A kind's name in the language of the moment. */
export function kindLabel(kind: ItemKind): string {
  return messages.t(`kind.${kind}`);
}

// Types, not interfaces: a type is a JSON value as the database's generated `Json` says (a version's
// content is written as it is, without a cast).
export type ChecklistItem = {
  id: string;
  label: string;
  /** The label in the app's other languages (docs/i18n.md "Names the office writes"). */
  label_i18n?: Translations;
  kind: ItemKind;
  required: boolean;
  critical: boolean;
  min?: number | null;
  max?: number | null;
  unit?: string;
};

export type ChecklistSection = {
  id: string;
  title: string;
  title_i18n?: Translations;
  items: ChecklistItem[];
};

export type ChecklistContent = {
  sections: ChecklistSection[];
};

export function newItem(kind: ItemKind = 'tick'): ChecklistItem {
  return { id: crypto.randomUUID(), label: '', kind, required: true, critical: false };
}

export function newSection(title = ''): ChecklistSection {
  return { id: crypto.randomUUID(), title, items: [] };
}

/** Moves element `from` to index `to` (a copy). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x as T);
  return next;
}

/** What is wrong with the content before publishing, in words; null when it can be published. */
export function contentProblem(c: ChecklistContent): string | null {
  if (c.sections.length === 0) return messages.t('problem.noSection');
  for (const s of c.sections) {
    if (s.title.trim() === '') return messages.t('problem.sectionTitle');
    for (const i of s.items) {
      if (i.label.trim() === '') return messages.t('problem.itemLabel', { section: s.title });
      if (i.kind === 'number' && i.min != null && i.max != null && i.min > i.max)
        return messages.t('problem.range', { item: i.label });
    }
  }
  return null;
}
