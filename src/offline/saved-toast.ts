// What a save tells the user: done, or kept on this device until the connection returns
// (docs/areas.md: 'saved on this phone — will sync').
import { notify } from '@/lib/toast';
import type { WriteResult } from './write';

export const QUEUED_NOTE = 'Saved on this phone — will sync';

export function notifySaved(result: WriteResult, message: string): void {
  if (result === 'applied') notify.success(message);
  else notify.info(`${message}. ${QUEUED_NOTE}.`);
}
