// PATCH turnover_rules: the one rules row (turnover cleans on check-out, the fallback window,
// same-day flags).
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { cleaningSettingsKeys } from './keys';
import type { TurnoverRules } from './types';

export type RulesInput = Pick<TurnoverRules, 'enabled' | 'fallback_window_hours' | 'flag_same_day'>;

export async function saveTurnoverRules(r: RulesInput): Promise<void> {
  await fetchOrThrow(() => supabase.from('turnover_rules').update(r).eq('id', true).select('id'));
}

export const useSaveRules = (callbacks?: MutationCallbacks<void, RulesInput>) =>
  useAppMutation(
    {
      mutationFn: saveTurnoverRules,
      invalidate: [cleaningSettingsKeys.all],
      done: () => notify.success(messages.t('toast.rulesSaved')),
      failed: messages.t('toast.rulesFailed'),
    },
    callbacks,
  );
