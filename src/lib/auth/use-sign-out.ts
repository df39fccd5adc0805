import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from './use-auth';
import { notify } from '../toast';
import { paths } from '../paths';

export function useSignOut() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      notify.success('Successfully signed out');
      void navigate(paths.auth.path, { replace: true });
    },
    onError: () => notify.error('Failed to sign out'),
  });
}
