// admin-users deactivate / reactivate / reset_password / delete (an account with history is
// deactivated instead of deleted).
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
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
        if (res.deleted) notify.success('Account deleted');
        else if (action === 'delete' && res.deactivated)
          notify.info('This account has history: it was deactivated instead');
        else if (res.sent_to) notify.success(`Password reset e-mail sent to ${res.sent_to}`);
        else
          notify.success(action === 'deactivate' ? 'Account deactivated' : 'Account reactivated');
      },
      failed: 'The action failed',
    },
    callbacks,
  );
