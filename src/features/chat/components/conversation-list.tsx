// The conversation list (docs/chat.md "The screens"): Channels, Villas, Direct messages and
// Threads, each row with its name, last activity, unread badge (99+) and a mention marker; a
// filter box that also finds villa channels by name on the server (never all 2,000 read).
import { useMemo, useState } from 'react';
import { AtSign } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { messages } from '../messages';
import { useVillaSearch, type ChatConversation } from '../api/get-conversations';
import { conversationTitle, sectionOf, unreadLabel, type Section } from './conversation-title';

const SECTIONS: Section[] = ['channels', 'villas', 'directs', 'threads'];

export function ConversationList({
  conversations,
  me,
  names,
  selected,
  onSelect,
  actions,
}: {
  conversations: ChatConversation[];
  me: string;
  names: Record<string, string>;
  selected: string | null;
  onSelect: (id: string) => void;
  actions?: React.ReactNode;
}) {
  const t = useT(messages);
  const [filter, setFilter] = useState('');
  const villas = useVillaSearch(filter);
  const q = filter.trim().toLowerCase();
  const bySection = useMemo(() => {
    const known = new Set(conversations.map((c) => c.id));
    const all = [...conversations, ...(villas.data ?? []).filter((v) => !known.has(v.id))];
    const shown = all
      .map((c) => ({ c, title: conversationTitle(c, me, names) }))
      .filter(({ title }) => !q || title.toLowerCase().includes(q));
    const out = new Map<Section, typeof shown>();
    for (const s of SECTIONS) out.set(s, []);
    for (const row of shown) out.get(sectionOf(row.c))!.push(row);
    for (const rows of out.values())
      rows.sort(
        (a, b) =>
          Number(b.c.unread > 0) - Number(a.c.unread > 0) ||
          (b.c.last_message_at ?? '').localeCompare(a.c.last_message_at ?? '') ||
          a.title.localeCompare(b.title),
      );
    return out;
  }, [conversations, villas.data, me, names, q]);
  const sectionTitle: Record<Section, string> = {
    channels: t('list.channels'),
    villas: t('list.villas'),
    directs: t('list.directs'),
    threads: t('list.threads'),
  };

  return (
    <nav aria-label={t('list.label')} className="flex min-h-0 flex-col gap-3">
      <div className="flex items-center gap-2">
        <Input
          type="search"
          aria-label={t('list.filter')}
          placeholder={t('list.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {actions}
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto" data-testid="chat-conversations">
        {SECTIONS.map((s) => {
          const rows = bySection.get(s)!;
          if (rows.length === 0) return null;
          return (
            <section key={s} aria-label={sectionTitle[s]}>
              <h2 className="text-muted-foreground mb-1 px-2 text-xs font-semibold uppercase">
                {sectionTitle[s]}
              </h2>
              <ul className="space-y-0.5">
                {rows.map(({ c, title }) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(c.id)}
                      aria-current={selected === c.id ? 'true' : undefined}
                      className={cn(
                        'hover:bg-accent flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                        selected === c.id && 'bg-accent',
                        c.unread > 0 && 'font-semibold',
                      )}
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{title}</span>
                        {c.last_message_at ? (
                          <span
                            className={cn(
                              'block text-xs font-normal',
                              // On the selected row's background the muted grey is too faint.
                              selected === c.id ? 'text-foreground' : 'text-muted-foreground',
                            )}
                          >
                            {formatDateTime(c.last_message_at)}
                          </span>
                        ) : null}
                      </span>
                      {c.mentions > 0 ? (
                        <AtSign
                          role="img"
                          aria-label={t('list.mentioned')}
                          className="size-4 text-amber-700 dark:text-amber-300"
                        />
                      ) : null}
                      {c.unread > 0 ? (
                        <>
                          <span
                            className="bg-primary text-primary-foreground rounded-full px-1.5 text-xs"
                            aria-hidden="true"
                          >
                            {unreadLabel(c.unread)}
                          </span>
                          <span className="sr-only">{t('list.unread', { count: c.unread })}</span>
                        </>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        {SECTIONS.every((s) => bySection.get(s)!.length === 0) ? (
          <p className="text-muted-foreground px-2 text-sm">{t('list.none')}</p>
        ) : null}
      </div>
    </nav>
  );
}
