// Search in the messages I may read (docs/chat.md "Search"): by text, person and villa; results
// newest first with the conversation's name, the author, the time and the match highlighted. A
// result opens its message in its conversation (`onOpen`).
import { Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { useChatStaff } from '../api/staff-directory';
import {
  useFindVillas,
  useSearchMessages,
  type SearchInput,
  type SearchResult,
  type VillaOption,
} from '../api/search-messages';
import { folded, plainBody } from '../mentions';
import { messages } from './messages';

export interface SearchViewProps {
  /** A result was chosen: open this conversation at this message. */
  onOpen: (conversationId: string, messageId: string) => void;
  className?: string;
}

const EXCERPT = 160;

/**
 * The body as read (mentions as @Name), cut around the first match, the matches marked. Folding
 * keeps the positions of these texts (one letter, then its accents as marks, removed).
 */
function Excerpt({ body, q }: { body: string; q: string }) {
  const text = plainBody(body);
  const needle = q.trim().toLocaleLowerCase();
  const lower = text.toLocaleLowerCase();
  const first = needle ? lower.indexOf(needle) : -1;
  const from = first > EXCERPT / 2 ? first - EXCERPT / 3 : 0;
  const start = from > 0 ? text.indexOf(' ', from) + 1 || from : 0;
  const shown = text.slice(start, start + EXCERPT);
  const shownLower = lower.slice(start, start + EXCERPT);
  const parts: { text: string; hit: boolean }[] = [];
  let at = 0;
  while (needle) {
    const i = shownLower.indexOf(needle, at);
    if (i < 0) break;
    if (i > at) parts.push({ text: shown.slice(at, i), hit: false });
    parts.push({ text: shown.slice(i, i + needle.length), hit: true });
    at = i + needle.length;
  }
  if (at < shown.length) parts.push({ text: shown.slice(at), hit: false });
  return (
    <>
      {start > 0 ? '… ' : ''}
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="bg-primary/10 text-foreground rounded-sm px-1 font-semibold">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
      {start + EXCERPT < text.length ? ' …' : ''}
    </>
  );
}

function VillaFilter({
  villa,
  onChange,
}: {
  villa: VillaOption | null;
  onChange: (v: VillaOption | null) => void;
}) {
  const t = useT(messages);
  const id = useId();
  const [text, setText] = useState('');
  const found = useFindVillas(villa ? '' : text);
  if (villa)
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('search.villa')}</span>
        <span className="bg-muted flex h-9 items-center gap-1 rounded-md border px-3 text-sm">
          <span className="truncate">{villa.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="ml-auto size-8"
            aria-label={t('search.clearVilla', { name: villa.name })}
            onClick={() => {
              onChange(null);
              setText('');
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </span>
      </div>
    );
  const options = found.data ?? [];
  return (
    <div className="relative flex flex-col gap-1">
      <Label htmlFor={id}>{t('search.villa')}</Label>
      <Input
        id={id}
        value={text}
        autoComplete="off"
        placeholder={t('search.villaPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
      {text.trim() && options.length > 0 ? (
        <ul
          aria-label={t('search.villaMatches')}
          className="bg-popover absolute z-10 mt-1 w-full rounded-md border p-1 shadow-md"
        >
          {options.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                className="hover:bg-accent focus-visible:ring-2 w-full rounded-sm px-2 py-1.5 text-left text-sm"
                onClick={() => onChange(v)}
              >
                {v.name} <span className="text-muted-foreground">{v.code}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ResultItem({
  r,
  q,
  onOpen,
}: {
  r: SearchResult;
  q: string;
  onOpen: SearchViewProps['onOpen'];
}) {
  const t = useT(messages);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(r.conversationId, r.id)}
        className="hover:bg-accent focus-visible:ring-ring/50 flex w-full flex-col gap-1 rounded-md px-3 py-2 text-left focus-visible:ring-2 focus-visible:outline-none"
      >
        <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium">{r.conversation.title}</span>
          <span className="text-muted-foreground">
            {r.authorName ?? t('search.someone')} ·{' '}
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
          </span>
        </span>
        <span className="text-sm break-words">
          {r.body ? (
            <Excerpt body={r.body} q={q} />
          ) : (
            t('search.attachmentsOnly', { count: r.attachments.length })
          )}
        </span>
      </button>
    </li>
  );
}

export function SearchView({ onOpen, className }: SearchViewProps) {
  const t = useT(messages);
  const textId = useId();
  const personId = useId();
  const staff = useChatStaff();
  const [q, setQ] = useState('');
  const [person, setPerson] = useState('');
  const [villa, setVilla] = useState<VillaOption | null>(null);
  const [asked, setAsked] = useState<SearchInput | null>(null);
  const [empty, setEmpty] = useState(false);
  const results = useSearchMessages(asked);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { q: q.trim(), person: person || null, villa: villa?.id ?? null, maxRows: 100 };
    const nothing = !next.q && !next.person && !next.villa;
    setEmpty(nothing);
    if (!nothing) setAsked(next);
  };
  const people = [...(staff.data ?? [])].sort((a, b) =>
    folded(a.fullName).localeCompare(folded(b.fullName)),
  );
  const rows = results.data ?? [];

  return (
    <section aria-label={t('search.title')} className={cn('flex flex-col gap-4', className)}>
      <form role="search" onSubmit={submit} className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="flex flex-col gap-1">
          <Label htmlFor={textId}>{t('search.text')}</Label>
          <Input
            id={textId}
            type="search"
            value={q}
            maxLength={200}
            placeholder={t('search.textPlaceholder')}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={personId}>{t('search.person')}</Label>
          <NativeSelect id={personId} value={person} onChange={(e) => setPerson(e.target.value)}>
            <NativeSelectOption value="">{t('search.anyone')}</NativeSelectOption>
            {people.map((p) => (
              <NativeSelectOption key={p.id} value={p.id}>
                {p.fullName}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <VillaFilter villa={villa} onChange={setVilla} />
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('search.submit')}
        </Button>
      </form>
      {empty ? (
        <p role="alert" className="text-destructive text-sm">
          {t('search.needCriterion')}
        </p>
      ) : null}
      <div aria-live="polite" aria-busy={results.isFetching}>
        {asked === null ? null : results.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t('search.failed')}
          </p>
        ) : results.isPending ? (
          <p className="text-muted-foreground text-sm">{t('search.searching')}</p>
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('search.none')}</p>
        ) : (
          <>
            <p className="text-muted-foreground mb-2 text-sm">
              {t('search.count', { count: rows.length })}
            </p>
            <ul aria-label={t('search.results')} className="flex flex-col divide-y">
              {rows.map((r) => (
                <ResultItem key={r.id} r={r} q={asked.q ?? ''} onOpen={onOpen} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
