// PATCH profiles by id (docs/areas.md, spec §7): the changed fields, through the sync queue (last write
// wins). The cached profile takes the new values at once, sent or still waiting.
import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { authKeys } from '@/lib/auth/auth-queries';
import { activateLanguage, activeLanguage } from '@/lib/i18n/catalog';
import { chooseLanguage } from '@/lib/i18n/languages';
import type { Profile } from '@/lib/supabase';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { DEVICE_LANGUAGE, profileSchema, type ProfileInput } from '../schemas';

export async function updateProfile(
  userId: string,
  input: ProfileInput,
): Promise<{ changes: Partial<Profile>; result: WriteResult }> {
  const v = z.parse(profileSchema, input);
  const changes = {
    full_name: v.full_name,
    phone: v.phone === '' ? null : v.phone,
    // "Same as this device": the profile names no language, the browser's is used.
    language: v.language === DEVICE_LANGUAGE ? null : v.language,
  };
  const result = await queueWrite(
    updateRow('profiles', userId, changes, messages.t('queueLabel')),
    {
      userId,
      invalidate: [authKeys.profile(userId)],
    },
  );
  return { changes, result };
}

export function useUpdateProfile(
  userId: string,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof updateProfile>>, ProfileInput>,
) {
  const queryClient = useQueryClient();
  return useAppMutation(
    {
      mutationFn: (input: ProfileInput) => updateProfile(userId, input),
      done: ({ changes, result }) => {
        queryClient.setQueryData<Profile>(authKeys.profile(userId), (old) =>
          old ? { ...old, ...changes } : old,
        );
        // A new language first (its catalogue downloaded now, not at the next start), so the
        // toast already says it in that language (docs/i18n.md).
        const language = chooseLanguage(changes.language);
        if (language === activeLanguage()) notifySaved(result, messages.t('saved'));
        else void activateLanguage(language).then(() => notifySaved(result, messages.t('saved')));
      },
      failed: messages.t('saveFailed'),
    },
    callbacks,
  );
}
