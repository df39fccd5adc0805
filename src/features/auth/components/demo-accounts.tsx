import { roleLabel } from '@/lib/permissions';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { AuthButton } from './auth-ui';

/** One click fills the sign-in form with a demo account (local backend only). */
export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="space-y-3 rounded-lg border border-dashed p-4"
    >
      <div className="space-y-1">
        <h2 id="demo-accounts-title" className="text-sm font-medium">
          Demo accounts
        </h2>
        <p className="text-muted-foreground text-xs">
          Local backend with demo data: password{' '}
          <code className="text-foreground">{DEMO_PASSWORD}</code>.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2">
        {DEMO_ACCOUNTS.map((a) => (
          <li key={a.email}>
            <AuthButton
              type="button"
              variant="outlineSmall"
              title={a.email}
              aria-label={`Use the ${a.role} demo account (${a.email})`}
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
