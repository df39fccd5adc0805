// Deleting a message: one's own, or as a moderator another's (soft: the server clears the body).
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { chatKeys } from './keys';

export function useDeleteMessage(conversationId: string) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation<{ id: string }, WriteResult>({
    mutationFn: ({ id }) =>
      queueWrite(
        updateRow(
          'messages',
          id,
          { deleted_at: new Date().toISOString() },
          messages.t('conversation.deleteLabel'),
        ),
        { userId, invalidate: [chatKeys.conversation(conversationId), chatKeys.lists()] },
      ),
    invalidate: [chatKeys.conversation(conversationId)],
    failed: messages.t('conversation.deleteFailed'),
  });
}
