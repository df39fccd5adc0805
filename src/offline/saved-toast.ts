// What a save tells the user: done, or kept on this device until the connection returns
// (docs/areas.md: 'saved on this phone — will sync').
import { notify } from '@/lib/toast';
import { messages } from './messages';
import type { WriteResult } from './write';

/** 'Saved on this phone — will sync', in the active language. */
export const queuedNote = () => messages.t('queuedNote');

/** The note in the language the app started in: read queuedNote() when showing it. */
export const QUEUED_NOTE = queuedNote();

export function notifySaved(result: WriteResult, message: string): void {
  if (result === 'applied') notify.success(message);
  else notify.info(messages.t('savedQueued', { message }));
}
