// Asks the browser to keep this device's data (persistent storage): answered by the browser, so it
// runs without the network; the storage card's status is read again after.
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notify } from '@/lib/toast';
import { requestPersistentStorage, storageKeys } from '@/offline/storage';

export function useKeepDeviceData(callbacks?: MutationCallbacks<boolean, void>) {
  return useAppMutation(
    {
      networkMode: 'always',
      mutationFn: () => requestPersistentStorage(true),
      done: (granted) => {
        if (granted) notify.success('Data on this device will be kept');
        else notify.info('The browser did not promise to keep the data; installing the app helps');
      },
      invalidate: [storageKeys.all],
      failed: 'The browser did not promise to keep the data; installing the app helps',
    },
    callbacks,
  );
}
