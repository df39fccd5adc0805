// docs/offline.md rule 9: signing out with changes still waiting asks first. The changes are not lost
// either way - they stay in this device's queue until this account signs in here again.
import { dismissSignOutWarning, useSignOutWarning } from '@/lib/auth/use-sign-out';
import { ConfirmDialog } from './confirm-dialog';

export function SignOutWarning() {
  const warning = useSignOutWarning();
  const count = warning?.count ?? 0;
  const changes = count === 1 ? '1 change' : `${count} changes`;
  return (
    <ConfirmDialog
      open={warning !== null}
      onOpenChange={(open) => {
        if (!open) dismissSignOutWarning();
      }}
      title="Changes waiting to sync"
      description={
        <>
          <p>
            {changes} made on this device {count === 1 ? 'has' : 'have'} not reached the server yet.{' '}
            {count === 1 ? 'It stays' : 'They stay'} on this device and {count === 1 ? 'is' : 'are'}{' '}
            sent the next time this account signs in here.
          </p>
          <p>If you sign out now, {count === 1 ? 'it waits' : 'they wait'} until then.</p>
        </>
      }
      cancelLabel="Stay signed in"
      confirmLabel="Sign out anyway"
      destructive
      onConfirm={() => {
        const proceed = warning?.proceed;
        dismissSignOutWarning();
        proceed?.();
      }}
    />
  );
}
