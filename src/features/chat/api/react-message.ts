// A reaction of one's own on a message: added (a row with its id made on the device) or taken back.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { deleteRow, insertRow, queueWrite, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { chatKeys } from './keys';

export type ReactInput =
  { add: true; messageId: string; emoji: string } | { add: false; reactionId: string };

export function useReact(conversationId: string) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation<ReactInput, WriteResult>({
    mutationFn: (input) =>
      queueWrite(
        input.add
          ? insertRow(
              'message_reactions',
              {
                id: crypto.randomUUID(),
                message_id: input.messageId,
                conversation_id: conversationId,
                emoji: input.emoji,
              },
              messages.t('conversation.reactLabel'),
            )
          : deleteRow('message_reactions', input.reactionId, messages.t('conversation.reactLabel')),
        { userId, invalidate: [chatKeys.conversation(conversationId)] },
      ),
    invalidate: [chatKeys.conversation(conversationId)],
    failed: messages.t('conversation.reactFailed'),
  });
}
