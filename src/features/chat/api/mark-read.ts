// The user has read a conversation up to a message (mark_read: idempotent, never moves back).
// Through the sync queue as every write; only online (a read mark made offline is of no use to
// anyone before the messages themselves arrive).
import { useAuth } from '@/lib/auth/use-auth';
import { useCallback } from 'react';
import { callFunction, queueWrite } from '@/offline/write';
import { messages } from '../messages';
import { chatKeys } from './keys';

export function useMarkRead() {
  const userId = useAuth().user?.id ?? '';
  return useCallback(
    (conversationId: string, messageId: string) => {
      if (!userId || navigator.onLine === false) return;
      void queueWrite(
        callFunction(
          'mark_read',
          { conversation_id: conversationId, message_id: messageId },
          messages.t('conversation.markReadLabel'),
          conversationId,
        ),
        { userId, invalidate: [chatKeys.lists(), chatKeys.unread()] },
      ).catch(() => undefined);
    },
    [userId],
  );
}
