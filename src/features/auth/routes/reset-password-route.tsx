// /reset-password: request a reset link; or, arriving from the e-mailed link (a recovery session),
// set a new password; or learn that the link has expired and ask for a new one.
import { Link, useNavigate } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/page-spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { isExpiredLink } from '@/lib/auth-redirect';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { initialAuthRedirect } from '@/lib/initial-auth-redirect';
import { AuthShell } from '../components/auth-shell';
import { PasswordForm } from '@/components/form/password-form';
import { RequestResetForm } from '../components/request-reset-form';
import { messages } from '../messages';

export function ResetPasswordRoute() {
  const t = useT(messages);
  usePageTitle(t('reset.pageTitle'));
  const { user, loading, isPasswordRecovery } = useAuth();
  const navigate = useNavigate();
  const fromLink = initialAuthRedirect.type === 'recovery';
  const expired = isExpiredLink(initialAuthRedirect);
  const recovering = user !== null && (isPasswordRecovery || fromLink);

  if (fromLink && loading) {
    return (
      <AuthShell>
        <PageSpinner label={t('reset.loading')} showLabel />
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <Card>
        <CardHeader className="text-center">
          <CardTitle>
            <h1 className="text-xl">
              {recovering ? t('reset.setTitle') : t('reset.requestTitle')}
            </h1>
          </CardTitle>
          <CardDescription>
            {recovering ? t('reset.setDescription') : t('reset.requestDescription')}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {expired && !recovering ? (
            <Alert>
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>{t('reset.expiredTitle')}</AlertTitle>
              <AlertDescription>
                {t('reset.expired')}
                {initialAuthRedirect.errorDescription ? (
                  <span className="text-xs">({initialAuthRedirect.errorDescription})</span>
                ) : null}
              </AlertDescription>
            </Alert>
          ) : null}
          {recovering ? (
            <PasswordForm
              title={t('reset.setTitle')}
              submitLabel={t('reset.setSubmit')}
              fullWidth
              onDone={() => void navigate(paths.home.path, { replace: true })}
            />
          ) : (
            <RequestResetForm />
          )}
          <p className="text-center text-sm">
            <Link to={paths.auth.path} className="underline-offset-4 hover:underline">
              {t('reset.back')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
