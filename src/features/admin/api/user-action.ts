// admin-users deactivate / reactivate / reset_password / delete (an account with history is
// deactivated instead of deleted).
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { callAdminUsers, resetPasswordUrl } from './admin-users-function';
import { adminKeys } from './keys';

export interface UserAction {
  userId: string;
  action: 'deactivate' | 'reactivate' | 'reset_password' | 'delete';
}
export interface UserActionAnswer {
  deleted?: string;
  deactivated?: string;
  sent_to?: string;
}

export const runUserAction = (a: UserAction) =>
  callAdminUsers<UserActionAnswer>({
    action: a.action,
    user_id: a.userId,
    ...(a.action === 'reset_password' ? { redirect_to: resetPasswordUrl() } : {}),
  });

export const useUserAction = (callbacks?: MutationCallbacks<UserActionAnswer, UserAction>) =>
  useAppMutation(
    {
      mutationFn: runUserAction,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      done: (res, { action }) => {
        if (res.deleted) notify.success(messages.t('toast.accountDeleted'));
        else if (action === 'delete' && res.deactivated)
          notify.info(messages.t('toast.accountKept'));
        else if (res.sent_to) notify.success(messages.t('toast.resetSent', { email: res.sent_to }));
        else
          notify.success(
            messages.t(
              action === 'deactivate' ? 'toast.accountDeactivated' : 'toast.accountReactivated',
            ),
          );
      },
      failed: messages.t('toast.actionFailed'),
    },
    callbacks,
  );
