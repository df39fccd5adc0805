// Who can be mentioned and written to (docs/chat.md "Mentions"): the active colleagues whose roles
// grant chat.use, with name and avatar, from staff_directory() and the roles' permissions. Kept on
// this device (one record of the `tasks` store), so the composer offers names offline too. A
// per-user override is not readable here: the server stays the judge (send_message keeps only
// people who exist; start_direct refuses one without chat.use).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readOne, rowResource, valueInRecord } from '@/offline/resource';
import type { MentionPerson } from '../mentions';

export type ChatPerson = MentionPerson & { avatarUrl: string | null };

export const chatStaffKeys = {
  all: ['chat', 'staff'] as const,
};

async function fetchChatStaff(): Promise<ChatPerson[]> {
  const [staff, grants] = await Promise.all([
    fetchOrThrow(() => supabase.rpc('staff_directory')),
    fetchOrThrow(() =>
      supabase
        .from('role_permissions')
        .select('granted, roles!inner(name)')
        .eq('permission_key', 'chat.use')
        .eq('granted', true),
    ),
  ]);
  const chatRoles = new Set(
    (grants ?? []).flatMap((g) => {
      const role = g.roles as { name: string } | { name: string }[] | null;
      return (Array.isArray(role) ? role : role ? [role] : []).map((r) => r.name);
    }),
  );
  return (staff ?? [])
    .filter((s) => s.roles.some((r) => chatRoles.has(r)))
    .map((s) => ({ id: s.id, fullName: s.full_name, avatarUrl: s.avatar_url || null }));
}

export const chatStaff = rowResource<ChatPerson[]>({
  source: 'staff_directory',
  fetch: fetchChatStaff,
  copy: valueInRecord<ChatPerson[] | null>('tasks', 'people', () => 'chat:staff'),
});

/** The people one may mention; none (rather than a failed composer) when nothing is known yet. */
export async function getChatStaff(): Promise<ChatPerson[]> {
  try {
    return (await readOne(chatStaff, 'all')).row ?? [];
  } catch {
    return [];
  }
}

export const chatStaffQueryOptions = () =>
  queryOptions({
    queryKey: chatStaffKeys.all,
    queryFn: getChatStaff,
    staleTime: 10 * 60_000,
  });

/** The chat's staff directory: `data` is [] until read. */
export const useChatStaff = () => useQuery(chatStaffQueryOptions());
