// Editing one's own message: its body (the server sets edited_at and reads the mentions again).
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { chatKeys } from './keys';

export function useEditMessage(conversationId: string) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation<{ id: string; body: string }, WriteResult>({
    mutationFn: ({ id, body }) =>
      queueWrite(updateRow('messages', id, { body }, messages.t('conversation.editLabel')), {
        userId,
        invalidate: [chatKeys.conversation(conversationId)],
      }),
    invalidate: [chatKeys.conversation(conversationId)],
    failed: messages.t('conversation.editFailed'),
  });
}
