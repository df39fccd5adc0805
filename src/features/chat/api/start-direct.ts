// A direct message or group with the people picked (start_direct: the existing one, or a new one),
// and a new team channel (create_channel, chat.moderate). Both answer the conversation, whose id
// the screen opens: they need the network (the server finds or makes the conversation).
import { supabase } from '@/lib/supabase';
import { fetchOrThrow } from '@/lib/errors';
import { useAppMutation } from '@/lib/use-app-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { messages } from '../messages';
import { chatKeys } from './keys';

export function useStartDirect(
  callbacks?: MutationCallbacks<string, { userIds: string[]; name?: string }>,
) {
  return useAppMutation<{ userIds: string[]; name?: string }, string>(
    {
      mutationFn: async ({ userIds, name }) =>
        (await fetchOrThrow(() =>
          supabase.rpc('start_direct', { user_ids: userIds, ...(name ? { name } : {}) }),
        ))!.id,
      invalidate: [chatKeys.lists()],
      failed: messages.t('newDirect.failed'),
    },
    callbacks,
  );
}

export function useCreateChannel(
  callbacks?: MutationCallbacks<string, { name: string; isPrivate: boolean }>,
) {
  return useAppMutation<{ name: string; isPrivate: boolean }, string>(
    {
      mutationFn: async ({ name, isPrivate }) =>
        (await fetchOrThrow(() => supabase.rpc('create_channel', { name, is_private: isPrivate })))!
          .id,
      invalidate: [chatKeys.lists()],
      failed: messages.t('newDirect.channelFailed'),
    },
    callbacks,
  );
}
