// The conversation list (docs/chat.md "The screens"): every conversation the user reads except
// the villa channels, which are 2,000 at full size: of those only the ones with activity (the
// latest few) or unread messages; the rest are found by name (`searchVillaChannels`). Unread counts
// and mention markers from unread_counts(). Kept on this device in one record of the `tasks` store
// (`chat:list:<user id>`), so the list reads offline.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource, valueInRecord } from '@/offline/resource';
import type { Database } from '@/lib/database.types';
import { chatKeys } from './keys';

export type ConversationKind = Database['public']['Enums']['conversation_kind'];

export interface ChatMember {
  user_id: string;
  role: 'member' | 'moderator';
  last_read_at: string | null;
  last_read_message_id: string | null;
}

export interface ChatConversation {
  id: string;
  kind: ConversationKind;
  name: string | null;
  private: boolean;
  archived_at: string | null;
  last_message_at: string | null;
  property_id: string | null;
  clean_id: string | null;
  work_order_id: string | null;
  /** A clean's thread: its day and villa. */
  clean: { day: string; villa: string | null } | null;
  /** A work order's thread: its title and villa. */
  workOrder: { title: string; villa: string | null } | null;
  /** Directs and groups (and private channels): who is in it and how far each has read. */
  members: ChatMember[];
  unread: number;
  mentions: number;
}

/** How many villa channels with activity the list shows besides those with unread messages. */
export const ACTIVE_VILLAS = 30;

const SELECT =
  'id, kind, name, private, archived_at, last_message_at, property_id, clean_id, work_order_id, clean:cleaning_tasks!clean_id(day, property:properties(name)), work_order:work_orders!work_order_id(title, property:properties(name))';

type Row = Awaited<ReturnType<typeof selectConversations>>[number];

function selectConversations(build: (q: ReturnType<typeof base>) => ReturnType<typeof base>) {
  return fetchOrThrow(() => build(base()));
}
const base = () => supabase.from('conversations').select(SELECT).is('archived_at', null);

function toConversation(
  row: Row,
  members: ChatMember[],
  counts: Map<string, { unread: number; mentions: number }>,
): ChatConversation {
  const clean = row.clean as { day: string; property: { name: string } | null } | null;
  const wo = row.work_order as { title: string; property: { name: string } | null } | null;
  const c = counts.get(row.id);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    private: row.private,
    archived_at: row.archived_at,
    last_message_at: row.last_message_at,
    property_id: row.property_id,
    clean_id: row.clean_id,
    work_order_id: row.work_order_id,
    clean: clean ? { day: clean.day, villa: clean.property?.name ?? null } : null,
    workOrder: wo ? { title: wo.title, villa: wo.property?.name ?? null } : null,
    members,
    unread: c?.unread ?? 0,
    mentions: c?.mentions ?? 0,
  };
}

async function fetchConversations(): Promise<ChatConversation[]> {
  const [others, villas, unread] = await Promise.all([
    selectConversations((q) =>
      q
        .neq('kind', 'villa')
        .order('last_message_at', { ascending: false, nullsFirst: false })
        .limit(500),
    ),
    selectConversations((q) =>
      q
        .eq('kind', 'villa')
        .not('last_message_at', 'is', null)
        .order('last_message_at', { ascending: false })
        .limit(ACTIVE_VILLAS),
    ),
    fetchOrThrow(() => supabase.rpc('unread_counts').gt('unread', 0)),
  ]);
  const counts = new Map(
    (unread ?? []).map((u) => [u.conversation_id, { unread: u.unread, mentions: u.mentions }]),
  );
  const rows = [...(others ?? []), ...(villas ?? [])];
  const have = new Set(rows.map((r) => r.id));
  const missing = [...counts.keys()].filter((id) => !have.has(id));
  if (missing.length > 0) {
    rows.push(...((await selectConversations((q) => q.in('id', missing.slice(0, 200)))) ?? []));
  }
  const withMembers = rows
    .filter((r) => r.kind === 'direct' || r.kind === 'group')
    .map((r) => r.id);
  const members =
    withMembers.length === 0
      ? []
      : ((await fetchOrThrow(() =>
          supabase
            .from('conversation_members')
            .select('conversation_id, user_id, role, last_read_at, last_read_message_id')
            .in('conversation_id', withMembers),
        )) ?? []);
  const byConversation = new Map<string, ChatMember[]>();
  for (const m of members) {
    const list = byConversation.get(m.conversation_id) ?? [];
    list.push({
      user_id: m.user_id,
      role: m.role,
      last_read_at: m.last_read_at,
      last_read_message_id: m.last_read_message_id,
    });
    byConversation.set(m.conversation_id, list);
  }
  return rows.map((r) => toConversation(r, byConversation.get(r.id) ?? [], counts));
}

export const conversationList = rowResource<ChatConversation[]>({
  source: 'conversations',
  fetch: fetchConversations,
  copy: valueInRecord<ChatConversation[] | null>(
    'tasks',
    'conversations',
    (userId) => `chat:list:${userId}`,
  ),
});

export const conversationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: async () => (await readOne(conversationList, userId)).row ?? [],
    enabled: userId !== '',
  });

export const useConversations = (userId: string) => useQuery(conversationsQueryOptions(userId));

/** Villa channels by name, for the filter box (never all of them): the server only. */
const villaSearch = rowResource<ChatConversation[]>({
  source: 'conversations',
  fetch: async (q) =>
    (
      (await selectConversations((b) =>
        b
          .eq('kind', 'villa')
          .ilike('name', `%${q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`)
          .order('name')
          .limit(20),
      )) ?? []
    ).map((r) => toConversation(r, [], new Map())),
  copy: noDeviceCopy,
});

export function useVillaSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: chatKeys.villaSearch(text),
    queryFn: async () => (await readOne(villaSearch, text)).row ?? [],
    enabled: text.length >= 2,
    staleTime: 30_000,
  });
}

/** One conversation by id (opened from a link, a search or a thread button), kept on the device. */
const oneConversation = rowResource<ChatConversation>({
  source: 'conversations',
  fetch: async (id) => {
    const row = (await selectConversations((q) => q.eq('id', id)))?.[0];
    if (!row) return null;
    const members =
      row.kind === 'direct' || row.kind === 'group'
        ? ((await fetchOrThrow(() =>
            supabase
              .from('conversation_members')
              .select('user_id, role, last_read_at, last_read_message_id')
              .eq('conversation_id', id),
          )) ?? [])
        : [];
    return toConversation(row, members, new Map());
  },
  copy: valueInRecord<ChatConversation | null>(
    'tasks',
    'conversation',
    (id) => `chat:conversation:${id}`,
  ),
});

export function useConversation(id: string | null, listed: ChatConversation | undefined) {
  return useQuery({
    queryKey: [...chatKeys.conversation(id ?? ''), 'row'],
    queryFn: async () => (await readOne(oneConversation, id!)).row,
    enabled: id !== null && listed === undefined,
  });
}
