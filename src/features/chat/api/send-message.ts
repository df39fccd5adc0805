// Sending a message (docs/chat.md "The screens"): a call of send_message through the one sync
// queue, its mutation id made on this device and sent both as the X-Mutation-Id and as the
// function's `mutation_id`, so a replay makes one message. The send shows at once in the
// conversation ("Sending…") from this page's outbox; once the server has it, the message read back
// carries the same mutation id and replaces it ("Sent"). A refused send stays in the outbox with
// its error and text, for a retry (the queue drops a refused entry: docs/offline.md).
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { callFunction, queueWrites, removeObject } from '@/offline/write';
import {
  attachmentWrites,
  CHAT_ATTACHMENT_BUCKET,
  prepareAttachment,
  type PreparedAttachment,
} from './upload-attachment';
import { messages } from '../messages';
import { chatKeys } from './keys';

export interface OutgoingMessage {
  mutationId: string;
  conversationId: string;
  body: string;
  replyTo: string | null;
  /** The photos and files chosen with it: uploaded first, in the same queued write. */
  files: File[];
  /**
   * The files shrunk and named (their paths) on the first try: a retry uploads to the same paths
   * (x-upsert) and a discard removes those, so a refused send leaves no file behind.
   */
  prepared?: PreparedAttachment[];
  mentions: string[] | null;
  at: string;
  state: 'sending' | 'failed';
  error?: string;
}

let outbox: OutgoingMessage[] = [];
const listeners = new Set<() => void>();
const setOutbox = (next: OutgoingMessage[]) => {
  outbox = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** This page's sends of one conversation that the server has not answered as taken. */
export function useOutbox(conversationId: string): OutgoingMessage[] {
  const all = useSyncExternalStore(subscribe, () => outbox);
  return all.filter((m) => m.conversationId === conversationId);
}

export const forgetSent = (mutationIds: Set<string>) => {
  if (outbox.some((m) => mutationIds.has(m.mutationId)))
    setOutbox(outbox.filter((m) => !mutationIds.has(m.mutationId)));
};

export interface SendInput {
  conversationId: string;
  body: string;
  replyTo?: string | null;
  files?: File[];
  mentions?: string[] | null;
}

/** Sends (or, with `retry`, sends again under the same mutation id) a message. */
export function useSendMessage() {
  const userId = useAuth().user?.id ?? '';
  const qc = useQueryClient();
  const run = async (m: OutgoingMessage) => {
    setOutbox([...outbox.filter((o) => o.mutationId !== m.mutationId), { ...m, state: 'sending' }]);
    try {
      // Each file shrunk on the phone and queued before the message, which names them: the one
      // queueWrites keeps the order, so the message is sent once, after its files.
      const prepared =
        m.prepared ??
        (await Promise.all(
          m.files.map((f) => prepareAttachment(f, { conversationId: m.conversationId, userId })),
        ));
      m = { ...m, prepared };
      setOutbox(outbox.map((o) => (o.mutationId === m.mutationId ? m : o)));
      const attachments = prepared.map((p) => p.attachment);
      const uploads = attachmentWrites(prepared);
      const write = callFunction(
        'send_message',
        {
          conversation_id: m.conversationId,
          body: m.body,
          reply_to: m.replyTo,
          attachments,
          ...(m.mentions ? { mentions: m.mentions } : {}),
          mutation_id: m.mutationId,
        },
        messages.t('composer.queueLabel'),
        m.conversationId,
      );
      const result = await queueWrites([...uploads, { ...write, mutationId: m.mutationId }], {
        userId,
        invalidate: [chatKeys.conversation(m.conversationId), chatKeys.all],
      });
      if (result === 'applied') {
        await qc.invalidateQueries({ queryKey: chatKeys.conversation(m.conversationId) });
      } else {
        // Queued (offline): the queue's entry shows it from now on, also after a reload.
        setOutbox(outbox.filter((o) => o.mutationId !== m.mutationId));
        await qc.invalidateQueries({ queryKey: chatKeys.queued(m.conversationId) });
      }
    } catch (e) {
      setOutbox(
        outbox.map((o) =>
          o.mutationId === m.mutationId
            ? { ...o, state: 'failed', error: errorMessage(e, messages.t('composer.failed')) }
            : o,
        ),
      );
    }
  };
  return {
    send: (input: SendInput) =>
      run({
        mutationId: crypto.randomUUID(),
        conversationId: input.conversationId,
        body: input.body,
        replyTo: input.replyTo ?? null,
        files: input.files ?? [],
        mentions: input.mentions ?? null,
        at: new Date().toISOString(),
        state: 'sending',
      }),
    retry: (m: OutgoingMessage) => run(m),
    /** Forgets a refused send and removes the files it uploaded (through the queue). */
    discard: (m: OutgoingMessage) => {
      setOutbox(outbox.filter((o) => o.mutationId !== m.mutationId));
      const paths = (m.prepared ?? []).map((p) => p.attachment.path);
      if (paths.length > 0 && userId)
        void queueWrites(
          paths.map((path) =>
            removeObject(CHAT_ATTACHMENT_BUCKET, path, messages.t('conversation.removeFileLabel')),
          ),
          { userId },
        ).catch(() => undefined);
    },
  };
}
