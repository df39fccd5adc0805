// Archiving a channel (chat.moderate or its moderator): it takes no new message and leaves lists.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { chatKeys } from './keys';

export function useArchiveConversation() {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation<{ id: string }, WriteResult>({
    mutationFn: ({ id }) =>
      queueWrite(
        updateRow(
          'conversations',
          id,
          { archived_at: new Date().toISOString() },
          messages.t('conversation.archiveLabel'),
        ),
        { userId, invalidate: [chatKeys.lists()] },
      ),
    invalidate: [chatKeys.lists(), chatKeys.unread()],
    failed: messages.t('conversation.archiveFailed'),
  });
}
