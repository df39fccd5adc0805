// A queued change's error in the user's language (docs/i18n.md). Replay runs in the service worker
// too, which has no catalogue: it stores the English message with a code (and `about`, what the
// message names), and the page turns the codes it knows into the text of the moment. A message
// the server wrote is shown as it came.
import { messages } from './messages';
import type { QueueError } from './queue-entry';

export function queueErrorText(error: Pick<QueueError, 'status' | 'code' | 'message' | 'about'>) {
  switch (error.code) {
    case 'CONFLICT':
      return messages.t('queueError.conflict');
    case 'GONE':
      return messages.t('queueError.gone');
    case 'DEPENDENCY':
      return error.about !== undefined
        ? messages.t('queueError.dependency', { label: error.about })
        : error.message;
    case 'NO_SESSION':
      return messages.t('write.noSession');
  }
  if (error.status === undefined && error.code === undefined && error.about !== undefined)
    return messages.t('queueError.network', { detail: error.about });
  return error.message;
}
