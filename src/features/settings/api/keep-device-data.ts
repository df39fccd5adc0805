// Asks the browser to keep this device's data (persistent storage): answered by the browser, so it
// runs without the network; the storage card's status is read again after.
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notify } from '@/lib/toast';
import { requestPersistentStorage, storageKeys } from '@/offline/storage';
import { messages } from '../messages';

export function useKeepDeviceData(callbacks?: MutationCallbacks<boolean, void>) {
  return useAppMutation(
    {
      networkMode: 'always',
      mutationFn: () => requestPersistentStorage(true),
      done: (granted) => {
        if (granted) notify.success(messages.t('storage.keepGranted'));
        else notify.info(messages.t('storage.keepRefused'));
      },
      invalidate: [storageKeys.all],
      failed: messages.t('storage.keepRefused'),
    },
    callbacks,
  );
}
