// An item's par level and reorder threshold at one location (inventory_set_par,
// inventory.manage): not a movement; setting it twice is setting it once.
import type { MutationCallbacks } from '@/lib/use-app-mutation';
import type { WriteResult } from '@/offline/write';
import type { SetParArgs } from '@/domain/inventory/transitions';
import { setPar } from '@/domain/inventory/writes';
import { messages } from '../messages';
import { useStockCall, type StockCallInput } from './stock-cache';

export type SetParInput = StockCallInput<SetParArgs>;

export const useSetPar = (callbacks?: MutationCallbacks<WriteResult, SetParInput>) =>
  useStockCall(
    setPar,
    {
      done: (item) => messages.t('write.parSaved', { item }),
      failed: messages.t('write.parFailed'),
    },
    callbacks,
  );
