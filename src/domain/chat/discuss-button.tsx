// "Discuss": the link from a clean or a work order into its chat thread (docs/chat.md "Threads
// from the work"). open_thread finds or makes the thread (the caller must see the clean / work
// order) and the button opens /team-chat?c=<id>. Shared here so the housekeeping and maintenance
// screens show the same button without importing the chat area. Needs the network: the server
// makes the thread on first use.
import { MessagesSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { fetchOrThrow } from '@/lib/errors';
import { useT } from '@/lib/i18n/catalog';
import { supabase } from '@/lib/supabase';
import { useAppMutation } from '@/lib/use-app-mutation';
import { paths } from '@/lib/routes';
import { messages } from './messages';

export type ThreadOf = { cleanId: string } | { workOrderId: string };

export function DiscussButton(props: ThreadOf & { className?: string }) {
  const t = useT(messages);
  const navigate = useNavigate();
  const { hasPermission } = useAuth();
  const open = useAppMutation<ThreadOf, string>(
    {
      mutationFn: async (of) =>
        (await fetchOrThrow(() =>
          supabase.rpc(
            'open_thread',
            'cleanId' in of ? { clean_id: of.cleanId } : { work_order_id: of.workOrderId },
          ),
        ))!.id,
      failed: messages.t('failed'),
    },
    { onSuccess: (id) => void navigate(`${paths.teamChat.path}?c=${encodeURIComponent(id)}`) },
  );
  if (!hasPermission('chat.use')) return null;
  const of: ThreadOf =
    'cleanId' in props ? { cleanId: props.cleanId } : { workOrderId: props.workOrderId };
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className={props.className}
      title={t('discussHint')}
      aria-busy={open.isPending}
      disabled={open.isPending}
      onClick={() => open.mutate(of)}
    >
      <MessagesSquare className="size-4" aria-hidden="true" />
      {t('discuss')}
    </Button>
  );
}
