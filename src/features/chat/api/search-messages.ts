// Search in the messages the user may read (docs/chat.md "Search"): search_messages(q, person,
// villa, max_rows) under the caller's RLS, newest first, at most 200; each result named by its
// conversation (a channel's or villa's name, a direct's or group's people, a thread's work order or
// clean) and its author. Online only: a search of the server has nothing to answer offline.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { getChatStaff, type ChatPerson } from './staff-directory';
import { attachmentsOf, type Attachment } from './upload-attachment';

// zod/mini, as the app's other schemas: full zod probes eval, which the CSP reports.
export const searchInput = z
  .object({
    q: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
    person: z._default(z.nullable(z.uuid()), null),
    villa: z._default(z.nullable(z.uuid()), null),
    maxRows: z._default(z.int().check(z.minimum(1), z.maximum(200)), 50),
  })
  .check(z.refine((s) => s.q !== '' || s.person !== null || s.villa !== null, { path: ['q'] }));
export type SearchInput = z.input<typeof searchInput>;

export interface ConversationLabel {
  kind: 'channel' | 'villa' | 'direct' | 'group' | 'thread';
  /** What the conversation is called for this reader ('#general', 'Villa Anemos', 'Nikos'). */
  title: string;
}

export interface SearchResult {
  id: string;
  conversationId: string;
  conversation: ConversationLabel;
  authorId: string | null;
  authorName: string | null;
  body: string;
  attachments: Attachment[];
  createdAt: string;
  editedAt: string | null;
}

export const searchKeys = {
  all: ['chat', 'search'] as const,
  results: (s: SearchInput) => ['chat', 'search', s] as const,
  villas: (text: string) => ['chat', 'search', 'villas', text] as const,
};

/** The conversations' names for this reader (one read for all the results). */
async function conversationLabels(
  ids: string[],
  me: string,
  staff: Map<string, string>,
): Promise<Map<string, ConversationLabel>> {
  const out = new Map<string, ConversationLabel>();
  if (ids.length === 0) return out;
  const rows = await fetchOrThrow(() =>
    supabase
      .from('conversations')
      .select(
        'id, kind, name, work_orders(title), cleaning_tasks(day, properties(name)), conversation_members(user_id)',
      )
      .in('id', ids),
  );
  for (const c of rows ?? []) {
    const members = (c.conversation_members ?? []).map((m) => m.user_id).filter((u) => u !== me);
    const people = members
      .map((u) => staff.get(u))
      .filter(Boolean)
      .join(', ');
    const clean = c.cleaning_tasks as { day: string; properties: { name: string } | null } | null;
    const workOrder = c.work_orders as { title: string } | null;
    const title =
      c.kind === 'channel'
        ? `#${c.name ?? ''}`
        : c.kind === 'villa'
          ? (c.name ?? '')
          : c.kind === 'thread'
            ? (workOrder?.title ??
              [clean?.properties?.name, clean?.day].filter(Boolean).join(' · '))
            : c.name || people;
    out.set(c.id, { kind: c.kind, title });
  }
  return out;
}

export async function searchMessages(input: SearchInput): Promise<SearchResult[]> {
  const s = searchInput.parse(input);
  const [rows, staff, me] = await Promise.all([
    fetchOrThrow(() =>
      supabase.rpc('search_messages', {
        ...(s.q ? { q: s.q } : {}),
        ...(s.person ? { person: s.person } : {}),
        ...(s.villa ? { villa: s.villa } : {}),
        max_rows: s.maxRows,
      }),
    ),
    getChatStaff(),
    supabase.auth.getSession().then((r) => r.data.session?.user.id ?? ''),
  ]);
  const names = new Map(staff.map((p: ChatPerson) => [p.id, p.fullName]));
  const found = (rows ?? []).filter((m) => m.deleted_at === null);
  const labels = await conversationLabels(
    [...new Set(found.map((m) => m.conversation_id))],
    me,
    names,
  );
  return found.map((m) => ({
    id: m.id,
    conversationId: m.conversation_id,
    conversation: labels.get(m.conversation_id) ?? { kind: 'channel', title: '' },
    authorId: m.author_id,
    authorName: m.author_id ? (names.get(m.author_id) ?? null) : null,
    body: m.body,
    attachments: attachmentsOf(m.attachments),
    createdAt: m.created_at,
    editedAt: m.edited_at,
  }));
}

export const searchMessagesQueryOptions = (input: SearchInput | null) =>
  queryOptions({
    queryKey: searchKeys.results(input ?? {}),
    queryFn: () => searchMessages(input!),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The results of a search; `input` null: no search asked yet. */
export const useSearchMessages = (input: SearchInput | null) =>
  useQuery(searchMessagesQueryOptions(input));

export interface VillaOption {
  id: string;
  name: string;
  code: string;
}

/** Villas whose name or code contains `text` (at most 8): a company may have 2,000. */
export async function findVillas(text: string): Promise<VillaOption[]> {
  const t = text
    .trim()
    .replace(/[%_,()*\\]/g, ' ')
    .trim();
  if (!t) return [];
  return (
    (await fetchOrThrow(() =>
      supabase
        .from('properties')
        .select('id, name, code')
        .or(`name.ilike.*${t}*,code.ilike.*${t}*`)
        .order('name')
        .limit(8),
    )) ?? []
  );
}

export const useFindVillas = (text: string) =>
  useQuery({
    queryKey: searchKeys.villas(text.trim()),
    queryFn: () => findVillas(text),
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
