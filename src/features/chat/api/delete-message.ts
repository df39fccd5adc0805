// Deleting a message: one's own, or as a moderator another's (soft: the server clears the body and
// the attachments column). Its files in the chat-attachments bucket are removed after it, in the
// same ordered queueWrites (docs/chat.md "Files"): the row first, so a refused delete never leaves
// a message pointing at missing files; offline, both wait in the queue. The bucket's policy lets
// the uploader and the conversation's moderators remove a file, nobody else.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { queueWrites, removeObject, updateRow, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { chatKeys } from './keys';
import { attachmentsOf, CHAT_ATTACHMENT_BUCKET } from './upload-attachment';

export function deleteMessageWrites(message: { id: string; attachments?: unknown }) {
  return [
    updateRow(
      'messages',
      message.id,
      { deleted_at: new Date().toISOString() },
      messages.t('conversation.deleteLabel'),
    ),
    ...attachmentsOf(message.attachments).map((a) =>
      removeObject(CHAT_ATTACHMENT_BUCKET, a.path, messages.t('conversation.removeFileLabel')),
    ),
  ];
}

export function useDeleteMessage(conversationId: string) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation<{ id: string; attachments?: unknown }, WriteResult>({
    mutationFn: (message) =>
      queueWrites(deleteMessageWrites(message), {
        userId,
        invalidate: [chatKeys.conversation(conversationId), chatKeys.lists()],
      }),
    invalidate: [chatKeys.conversation(conversationId)],
    failed: messages.t('conversation.deleteFailed'),
  });
}
