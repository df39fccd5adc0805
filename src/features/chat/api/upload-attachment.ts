// A photo or a file on a message (docs/chat.md "Attachments"): shrunk on the phone
// (../image-shrink.ts), then uploaded through the one sync queue (docs/offline.md rule 8) to
// `chat-attachments/<conversation_id>/<uid>/<uuid>-<safe name>`, and described to send_message as
// `{path, name, type, size}`. The upload is a queued write like a checklist photo's: the composer
// queues the uploads and its send_message in ONE `queueWrites` call, so with no signal the files
// are kept on the device, and on reconnect each is uploaded first and the message sent once after
// them (each queue entry waits for the one before it; the message's mutation id makes a replay
// send nothing more).
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { queueWrites, uploadObject, type Write, type WriteResult } from '@/offline/write';
import { attachmentRefusal, attachmentType, shrinkAttachment } from '../image-shrink';
import { messages } from '../components/messages';

export const CHAT_ATTACHMENT_BUCKET = 'chat-attachments';

/** An attachment as send_message takes it and `messages.attachments` keeps it. */
export interface Attachment {
  path: string;
  name: string;
  type: string;
  size: number;
}

/** A message's `attachments` (jsonb, as send_message checked them) as a list; [] when none. */
export function attachmentsOf(value: unknown): Attachment[] {
  return Array.isArray(value) ? (value as Attachment[]) : [];
}

/** A file ready to go: what the message will say of it, and the bytes to upload. */
export interface PreparedAttachment {
  attachment: Attachment;
  file: Blob;
}

/**
 * A storage key's last part from what the phone called the file: letters without accents, digits,
 * `.`, `_` and `-` (a Greek name keeps only its extension: the message keeps the real name), at
 * most 80 characters with the extension kept.
 */
export function safeFileName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  const m = /^(.*?)(\.[A-Za-z0-9]{1,8})?$/.exec(plain)!;
  const base = (m[1] ?? '').replace(/[-.]+$/, '').slice(0, 80 - (m[2]?.length ?? 0));
  return `${base || 'file'}${(m[2] ?? '').toLowerCase()}`;
}

/** `<conversation>/<uid>/<id>-<safe name>`, ids in lower case as the storage policies ask. */
export function attachmentPath(
  conversationId: string,
  userId: string,
  id: string,
  name: string,
): string {
  return `${conversationId.toLowerCase()}/${userId.toLowerCase()}/${id.toLowerCase()}-${safeFileName(name)}`;
}

/** Files still waiting in the queue, by path: shown from this device until they are uploaded. */
const keptFiles = new Map<string, Blob>();
const keptUrls = new Map<string, string>();
/** Older ones are long uploaded (signed URLs show them): let their memory go. */
const MAX_KEPT = 40;

function keep(path: string, file: Blob) {
  keptFiles.set(path, file);
  for (const old of [...keptFiles.keys()].slice(0, Math.max(0, keptFiles.size - MAX_KEPT))) {
    keptFiles.delete(old);
    const url = keptUrls.get(old);
    if (url) URL.revokeObjectURL(url);
    keptUrls.delete(old);
  }
}

/** A local URL of a file this device is still to upload (or just uploaded), else undefined. */
export function localAttachmentUrl(path: string): string | undefined {
  const file = keptFiles.get(path);
  if (!file || typeof URL.createObjectURL !== 'function') return undefined;
  let url = keptUrls.get(path);
  if (!url) {
    url = URL.createObjectURL(file);
    keptUrls.set(path, url);
  }
  return url;
}

/**
 * Shrinks (images) and names one chosen file for this conversation. Throws the refusal's text
 * for a type or size the bucket would refuse (the picker refuses those before).
 */
export async function prepareAttachment(
  file: File,
  where: { conversationId: string; userId: string },
): Promise<PreparedAttachment> {
  const refusal = attachmentRefusal(file);
  if (refusal) throw new Error(messages.t(`attachments.refused.${refusal}`, { name: file.name }));
  const shrunk = await shrinkAttachment(file);
  const type = attachmentType(shrunk);
  const path = attachmentPath(where.conversationId, where.userId, crypto.randomUUID(), shrunk.name);
  return {
    attachment: { path, name: shrunk.name, type, size: shrunk.size },
    file: shrunk.type === type ? shrunk : new Blob([shrunk], { type }),
  };
}

/** Each file's upload, in order, to go before the message's send_message in one queueWrites. */
export function attachmentWrites(prepared: readonly PreparedAttachment[]): Write[] {
  return prepared.map(({ attachment, file }) => {
    keep(attachment.path, file);
    return uploadObject(
      CHAT_ATTACHMENT_BUCKET,
      attachment.path,
      file,
      messages.t('attachments.queueLabel', { name: attachment.name }),
    );
  });
}

/**
 * Prepares every chosen file and answers what the composer needs: `attachments` for
 * send_message's argument and `writes` to queue before it.
 */
export async function attachmentsForMessage(
  files: readonly File[],
  where: { conversationId: string; userId: string },
): Promise<{ attachments: Attachment[]; writes: Write[] }> {
  const prepared = await Promise.all(files.map((f) => prepareAttachment(f, where)));
  return { attachments: prepared.map((p) => p.attachment), writes: attachmentWrites(prepared) };
}

/**
 * Uploads files on their own (no message yet), through the queue: applied, or kept on the device
 * and uploaded on reconnect. A composer sending a message uses `attachmentsForMessage` instead, so
 * the message and its files are one ordered write.
 */
export function useUploadAttachments(conversationId: string) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation<File[], { attachments: Attachment[]; result: WriteResult }>({
    mutationFn: async (files) => {
      const { attachments, writes } = await attachmentsForMessage(files, {
        conversationId,
        userId,
      });
      const result = await queueWrites(writes, { userId, waitMs: 10_000 });
      return { attachments, result };
    },
    failed: messages.t('attachments.uploadFailed'),
  });
}

/** The signed URL made to download under the file's own name (Storage's `download` parameter). */
export function downloadUrl(url: string, name: string): string {
  if (url.startsWith('blob:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=${encodeURIComponent(name)}`;
}
