import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getSupabase } from '../supabase-client';
import { notify } from '../toast';
import { paths } from '../paths';

export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },
    onSuccess: () => {
      notify.success('Successfully signed out');
      // A fresh sign-in starts from the dashboard, not from the page the last user was on.
      void navigate(paths.auth.path, { replace: true });
    },
    onError: () => notify.error('Failed to sign out'),
  });
}
