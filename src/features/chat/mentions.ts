// Mentions in a message body (docs/chat.md "Mentions"): `@[Name](<uuid>)`, the token send_message
// reads the mentioned people from (the same pattern as the database's, 20261130100000_chat.sql), and
// what a textarea composer needs to offer people while "@mar" is being typed.
import { useCallback, useId, useMemo, useState } from 'react';

/** A person one can mention: a colleague holding chat.use (api/staff-directory.ts). */
export interface MentionPerson {
  id: string;
  fullName: string;
  avatarUrl?: string | null;
}

export type BodyPart =
  { kind: 'text'; text: string } | { kind: 'mention'; id: string; name: string };

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** As the database reads it: a name of at most 100 characters without `]`, then the id. */
const TOKEN = new RegExp(`@\\[([^\\]]{0,100})\\]\\((${UUID})\\)`, 'g');

/** The name as a token can carry it: no brackets or line breaks, at most 100 characters. */
function tokenName(name: string): string {
  const clean = name
    .replace(/[[\]\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.slice(0, 100) || '?';
}

/** `@[Maria Kritikou](a11ce000-…)`. */
export function mentionToken(person: Pick<MentionPerson, 'id' | 'fullName'>): string {
  return `@[${tokenName(person.fullName)}](${person.id.toLowerCase()})`;
}

/** The body as text and mentions, in order, for a view to draw (mentions as a highlighted @Name). */
export function parseBody(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const m of body.matchAll(TOKEN)) {
    if (m.index > last) parts.push({ kind: 'text', text: body.slice(last, m.index) });
    parts.push({ kind: 'mention', name: m[1] ?? '', id: (m[2] ?? '').toLowerCase() });
    last = m.index + m[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The people a body mentions, each once, in the order they first appear. */
export function mentionedIds(body: string): string[] {
  return [...new Set(parseBody(body).flatMap((p) => (p.kind === 'mention' ? [p.id] : [])))];
}

/** The body as a person reads it in a toast or a search result: `@Maria Kritikou`. */
export function plainBody(body: string): string {
  return parseBody(body)
    .map((p) => (p.kind === 'text' ? p.text : `@${p.name}`))
    .join('');
}

/** The `@query` being typed at the caret: where it starts (the `@`) and what follows it. */
export interface MentionQuery {
  start: number;
  end: number;
  query: string;
}

const MAX_QUERY = 40;

/**
 * The mention being typed: an `@` at the start or after a space, bracket or punctuation (not in
 * an e-mail address), followed up to the caret by at most three words (first and last names),
 * no line break and no token of its own. Null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const prev = at > 0 ? before[at - 1]! : ' ';
  if (/[\p{L}\p{N}_.@]/u.test(prev)) return null;
  const query = before.slice(at + 1);
  if (query.length > MAX_QUERY) return null;
  if (/[\r\n[\]()@]/.test(query)) return null;
  if (/^\s/.test(query) || /\s{2}/.test(query)) return null;
  if (query.split(' ').length > 3) return null;
  return { start: at, end: caret, query };
}

/** Lower case, without accents: "Ελένη" is found by "ελενη", "Kritikoú" by "kritikou". */
export function folded(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The people a query names: the whole name starting with it first, then a later word of the name
 * (a last name) starting with it; alphabetical within each; at most `limit`.
 */
export function matchPeople<P extends MentionPerson>(
  people: readonly P[],
  query: string,
  limit = 8,
): P[] {
  const q = folded(query.trim());
  const first: P[] = [];
  const later: P[] = [];
  for (const p of people) {
    const name = folded(p.fullName);
    if (name.startsWith(q)) first.push(p);
    else if (name.split(/\s+/).some((w) => w.startsWith(q))) later.push(p);
  }
  const byName = (a: P, b: P) => a.fullName.localeCompare(b.fullName);
  return [...first.sort(byName), ...later.sort(byName)].slice(0, limit);
}

/**
 * The text with the `@query` at the caret replaced by the person's token and a space, and where
 * the caret goes: right after that space. Unchanged when the caret is in no mention.
 */
export function insertMention(
  text: string,
  caret: number,
  person: Pick<MentionPerson, 'id' | 'fullName'>,
): { text: string; caret: number } {
  const q = mentionQueryAt(text, caret);
  if (!q) return { text, caret };
  const token = `${mentionToken(person)} `;
  const rest = text.slice(q.end).replace(/^ /, '');
  return { text: text.slice(0, q.start) + token + rest, caret: q.start + token.length };
}

// ---------------------------------------------------------------------------------------------
// The autocomplete a textarea composer uses
// ---------------------------------------------------------------------------------------------

export interface MentionAutocompleteInput<P extends MentionPerson = MentionPerson> {
  /** The composer's text and caret (selectionStart) as they are now. */
  text: string;
  caret: number;
  people: readonly P[];
  /** Called with the new text and caret when a person is picked (Enter, Tab or a click). */
  onChange?: (text: string, caret: number) => void;
  limit?: number;
}

export interface MentionAutocomplete<P extends MentionPerson = MentionPerson> {
  open: boolean;
  /** What is being typed after the `@` ('' right after it). */
  query: string;
  items: P[];
  activeIndex: number;
  /** For the textarea's onKeyDown, first: true when it handled the key (then do nothing else). */
  onKeyDown: (
    e: Pick<KeyboardEvent, 'key' | 'preventDefault'> & { nativeEvent?: unknown },
  ) => boolean;
  /** Inserts the person's token in place of the `@query`; answers the new text and caret. */
  pick: (person: P) => { text: string; caret: number };
  setActiveIndex: (index: number) => void;
  /** The listbox's id and its options' ids (MentionMenu's `id`). */
  listboxId: string;
  optionId: (index: number) => string;
  /** The textarea's combobox attributes (aria-expanded, aria-controls, aria-activedescendant). */
  inputProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant'?: string;
  };
}

/**
 * The mention autocomplete of a textarea: open while an `@query` at the caret names someone and
 * Escape has not closed it; Up / Down move, Enter or Tab picks, Escape closes until another `@`.
 */
export function useMentionAutocomplete<P extends MentionPerson>({
  text,
  caret,
  people,
  onChange,
  limit = 8,
}: MentionAutocompleteInput<P>): MentionAutocomplete<P> {
  const listboxId = `mentions-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const found = mentionQueryAt(text, caret);
  const items = useMemo(
    () => (found ? matchPeople(people, found.query, limit) : []),
    [found?.query, people, limit], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // Which `@` the choice and the Escape belong to: another mention starts afresh.
  const at = found ? found.start : -1;
  const [choice, setChoice] = useState({ at: -1, query: '', index: 0 });
  const [closedAt, setClosedAt] = useState(-1);
  const open = found !== null && items.length > 0 && closedAt !== at;
  const activeIndex =
    open && choice.at === at && choice.query === found.query
      ? Math.min(choice.index, items.length - 1)
      : 0;
  const optionId = useCallback((i: number) => `${listboxId}-${i}`, [listboxId]);

  const pick = (person: P) => {
    const next = insertMention(text, caret, person);
    onChange?.(next.text, next.caret);
    return next;
  };
  const move = (by: number) =>
    setChoice({
      at,
      query: found?.query ?? '',
      index: (activeIndex + by + items.length) % items.length,
    });

  const onKeyDown: MentionAutocomplete<P>['onKeyDown'] = (e) => {
    if (!open) return false;
    switch (e.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
      case 'Tab':
        pick(items[activeIndex]!);
        break;
      case 'Escape':
        setClosedAt(at);
        break;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  };

  return {
    open,
    query: found?.query ?? '',
    items: open ? items : [],
    activeIndex,
    onKeyDown,
    pick,
    setActiveIndex: (index) => setChoice({ at, query: found?.query ?? '', index }),
    listboxId,
    optionId,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listboxId,
      ...(open ? { 'aria-activedescendant': optionId(activeIndex) } : {}),
    },
  };
}
