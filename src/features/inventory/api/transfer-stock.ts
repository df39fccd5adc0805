// Stock moved between two places in one action (inventory_transfer, inventory.adjust): the
// server writes the pair of movements in one transaction.
import type { MutationCallbacks } from '@/lib/use-app-mutation';
import type { WriteResult } from '@/offline/write';
import type { TransferArgs } from '@/domain/inventory/transitions';
import { transfer } from '@/domain/inventory/writes';
import { messages } from '../messages';
import { useStockCall, type StockCallInput } from './stock-cache';

export type TransferInput = StockCallInput<TransferArgs>;

export const useTransfer = (callbacks?: MutationCallbacks<WriteResult, TransferInput>) =>
  useStockCall(
    transfer,
    {
      done: (item) => messages.t('write.transferred', { item }),
      failed: messages.t('write.transferFailed'),
    },
    callbacks,
  );
