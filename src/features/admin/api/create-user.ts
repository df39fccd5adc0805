// admin-users 'create': a new account with roles, invited by e-mail when no password is given.
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { callAdminUsers, resetPasswordUrl } from './admin-users-function';
import { adminKeys } from './keys';

export interface NewUser {
  email: string;
  full_name: string;
  password: string;
  roles: string[];
}

export const createUser = (u: NewUser) =>
  callAdminUsers<{ user: { id: string } }>({
    action: 'create',
    email: u.email,
    full_name: u.full_name || undefined,
    password: u.password || undefined,
    roles: u.roles,
    redirect_to: resetPasswordUrl(),
  });

export const useCreateUser = (
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof createUser>>, NewUser>,
) =>
  useAppMutation(
    {
      mutationFn: createUser,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      done: (_, u) =>
        notify.success(messages.t(u.password ? 'toast.accountCreated' : 'toast.invitationSent')),
      failed: messages.t('toast.createFailed'),
    },
    callbacks,
  );
