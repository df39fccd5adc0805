// The people an `@query` names, as a listbox under the composer (docs/chat.md "Mentions"). The
// textarea keeps the focus and says which option is active (aria-activedescendant, from
// useMentionAutocomplete's `inputProps`); a click or tap picks without taking the focus away.
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import type { MentionPerson } from '../mentions';
import { folded } from '../mentions';
import { messages } from './messages';

export interface MentionMenuProps<P extends MentionPerson> {
  /** What follows the `@`: the matching part of each name is shown in bold. */
  query: string;
  /** The people to offer (useMentionAutocomplete's `items`). */
  people: readonly P[];
  onPick: (person: P) => void;
  activeIndex: number;
  /** The listbox's id, as the textarea's aria-controls (useMentionAutocomplete's `listboxId`). */
  id: string;
  /** Each option's id, as the textarea's aria-activedescendant (useMentionAutocomplete's). */
  optionId: (index: number) => string;
  /** A pointer over an option makes it the active one. */
  onActiveChange?: (index: number) => void;
  className?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase())
    .join('');
}

/** The name with the first word part the query matches in bold. */
function Highlighted({ name, query }: { name: string; query: string }) {
  const q = folded(query.trim());
  if (!q) return <>{name}</>;
  const words = [...name.matchAll(/\S+/g)];
  const hit = words.find((w) => folded(name.slice(w.index)).startsWith(q));
  if (!hit) return <>{name}</>;
  // Folding keeps one character per letter of these names (accents are marks after NFD).
  const end = hit.index + Math.min(q.length, name.length - hit.index);
  return (
    <>
      {name.slice(0, hit.index)}
      <strong className="font-semibold">{name.slice(hit.index, end)}</strong>
      {name.slice(end)}
    </>
  );
}

export function MentionMenu<P extends MentionPerson>({
  query,
  people,
  onPick,
  activeIndex,
  id,
  optionId,
  onActiveChange,
  className,
}: MentionMenuProps<P>) {
  const t = useT(messages);
  if (people.length === 0) return null;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t('mentions.label')}
      className={cn(
        'bg-popover text-popover-foreground z-50 max-h-64 w-56 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border p-1 shadow-md',
        className,
      )}
    >
      {people.map((p, i) => (
        <li
          key={p.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === activeIndex}
          aria-label={p.fullName}
          className={cn(
            'flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
            i === activeIndex && 'bg-accent',
          )}
          // Keep the textarea focused: the pick happens on click.
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onActiveChange?.(i)}
          onClick={() => onPick(p)}
        >
          <Avatar size="sm" aria-hidden="true">
            {p.avatarUrl ? <AvatarImage src={p.avatarUrl} alt="" /> : null}
            <AvatarFallback>{initials(p.fullName)}</AvatarFallback>
          </Avatar>
          <span className="truncate">
            <Highlighted name={p.fullName} query={query} />
          </span>
        </li>
      ))}
    </ul>
  );
}
