// /auth: sign in, or create an account (?mode=signup). A signed-in visitor goes on to the page the
// guard sent them from, or the dashboard.
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams, type Location } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { useSignUp } from '../api/sign-up';
import { AuthShell } from '../components/auth-shell';
import { AuthCard, AuthCardContent, AuthCardHeading } from '../components/auth-ui';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { messages } from '../messages';

function returnTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.auth.path) return paths.home.path;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function AuthRoute() {
  const t = useT(messages);
  const { user } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const signUp = useSignUp();
  const [signedUpEmail, setSignedUpEmail] = useState('');
  const mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  usePageTitle(mode === 'signup' ? t('signUp.title') : t('signIn.pageTitle'));

  // A sign-up in flight may hold a session for a moment: it is dropped, not followed.
  if (user && !signUp.isPending) {
    return <Navigate to={returnTarget(location.state)} replace />;
  }

  const switchTo = (next: 'signin' | 'signup') =>
    setParams(next === 'signup' ? { mode: 'signup' } : {}, {
      replace: true,
      state: location.state,
    });

  return (
    <AuthShell>
      <AuthCard>
        {mode === 'signin' ? (
          <SignInForm
            key={signedUpEmail}
            defaultEmail={signedUpEmail}
            onSwitchMode={() => switchTo('signup')}
          />
        ) : (
          <>
            <AuthCardHeading title={t('signUp.title')}>{t('signUp.description')}</AuthCardHeading>
            <AuthCardContent>
              <SignUpForm
                signUp={signUp}
                onSignedUp={(email) => {
                  setSignedUpEmail(email);
                  switchTo('signin');
                }}
                onSwitchMode={() => switchTo('signin')}
              />
            </AuthCardContent>
          </>
        )}
      </AuthCard>
    </AuthShell>
  );
}
