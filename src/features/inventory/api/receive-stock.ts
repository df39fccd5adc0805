// A delivery into a warehouse (inventory_receive, inventory.manage): 22023 (not a warehouse,
// a bad quantity) and PT404 (an unknown item) come back to the form, under their fields.
import type { MutationCallbacks } from '@/lib/use-app-mutation';
import type { WriteResult } from '@/offline/write';
import type { ReceiveArgs } from '@/domain/inventory/transitions';
import { receive } from '@/domain/inventory/writes';
import { messages } from '../messages';
import { useStockCall, type StockCallInput } from './stock-cache';

export type ReceiveInput = StockCallInput<ReceiveArgs>;

export const useReceive = (callbacks?: MutationCallbacks<WriteResult, ReceiveInput>) =>
  useStockCall(
    receive,
    {
      done: (item) => messages.t('write.received', { item }),
      failed: messages.t('write.receiveFailed'),
    },
    callbacks,
  );
