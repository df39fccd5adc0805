// The one way stock moves from a screen (docs/inventory.md "The functions the API exposes"): a call
// of the ledger's function through the sync queue (docs/offline.md), sent with the entry's
// X-Mutation-Id, which the function records, so a replayed receive or transfer moves stock once.
// Each returns the queued write and the optimistic patch of the item it moves (./transitions.ts).
import { callWrite } from '@/offline/calls';
import { messages } from './messages';
import {
  receiveCall,
  setParCall,
  transferCall,
  type ReceiveArgs,
  type SetParArgs,
  type TransferArgs,
} from './transitions';

const named = (item: { name: string }) => item.name;

export const receive = (item: { name: string }, args: ReceiveArgs) =>
  callWrite(
    receiveCall,
    args,
    messages.t('queue.receive', { quantity: args.quantity, item: named(item) }),
  );

export const transfer = (item: { name: string }, args: TransferArgs) =>
  callWrite(
    transferCall,
    args,
    messages.t('queue.transfer', { quantity: args.quantity, item: named(item) }),
  );

export const setPar = (item: { name: string }, args: SetParArgs) =>
  callWrite(setParCall, args, messages.t('queue.setPar', { item: named(item) }));
