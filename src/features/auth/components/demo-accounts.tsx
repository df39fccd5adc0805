import { useT } from '@/lib/i18n/catalog';
import { roleLabel } from '@/lib/permissions';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { messages } from '../messages';
import { AuthButton } from './auth-ui';

/** One click fills the sign-in form with a demo account (local backend only). */
export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  const t = useT(messages);
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="space-y-3 rounded-lg border border-dashed p-4"
    >
      <div className="space-y-1">
        <h2 id="demo-accounts-title" className="text-sm font-medium">
          {t('demo.title')}
        </h2>
        <p className="text-muted-foreground text-xs">
          {t('demo.note')} <code className="text-foreground">{DEMO_PASSWORD}</code>.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2">
        {DEMO_ACCOUNTS.map((a) => (
          <li key={a.email}>
            <AuthButton
              type="button"
              variant="outlineSmall"
              title={a.email}
              aria-label={t('demo.use', { role: a.role, email: a.email })}
              onClick={() => onPick(a.email, DEMO_PASSWORD)}
            >
              {roleLabel(a.role)}
            </AuthButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
