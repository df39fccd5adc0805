// docs/offline.md rule 9: signing out with changes still waiting asks first. The changes are not lost
// either way - they stay in this device's queue until this account signs in here again.
import { dismissSignOutWarning, useSignOutWarning } from '@/lib/auth/use-sign-out';
import { useT } from '@/lib/i18n/catalog';
import { ConfirmDialog } from './confirm-dialog';
import { messages } from './messages';

export function SignOutWarning() {
  const t = useT(messages);
  const warning = useSignOutWarning();
  const count = warning?.count ?? 0;
  return (
    <ConfirmDialog
      open={warning !== null}
      onOpenChange={(open) => {
        if (!open) dismissSignOutWarning();
      }}
      title={t('signOut.title')}
      description={
        <>
          <p>{t('signOut.body', { count })}</p>
          <p>{t('signOut.then', { count })}</p>
        </>
      }
      cancelLabel={t('signOut.stay')}
      confirmLabel={t('signOut.confirm')}
      destructive
      onConfirm={() => {
        const proceed = warning?.proceed;
        dismissSignOutWarning();
        proceed?.();
      }}
    />
  );
}
