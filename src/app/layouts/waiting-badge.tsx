// The sidebar's count of accounts waiting for access (active, no role), for admins only
// (docs/admin.md). Refreshed every minute and whenever the admin pages change an account.
import { useQuery } from '@tanstack/react-query';
import { SidebarMenuBadge } from '@/components/ui/sidebar';
import { useT } from '@/lib/i18n/catalog';
import { getSupabase } from '@/lib/supabase-client';
import { messages } from './messages';

export function WaitingBadge() {
  const t = useT(messages);
  const waiting = useQuery({
    queryKey: ['admin', 'waiting'],
    queryFn: async () => {
      const sb = await getSupabase();
      const { data, error } = await sb.rpc('admin_waiting_count');
      if (error) throw error;
      return data;
    },
    refetchInterval: 60_000,
  });
  if (!waiting.data) return null;
  return (
    <SidebarMenuBadge
      aria-label={t('waiting', { count: waiting.data })}
      data-testid="waiting-badge"
    >
      {waiting.data}
    </SidebarMenuBadge>
  );
}
