import { Link } from 'react-router';
import { LogOut, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/page-header';
import { ThemeSwitch } from '@/components/theme-switch';
import { env } from '@/lib/app-env';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { paths } from '@/lib/routes';
import { useCompanySettings } from '@/lib/use-company-settings';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { OfflineStorageCard } from '../components/offline-storage-card';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { storageStatusQueryOptions } from '@/offline/storage';

/** Prefetches this device's storage figures as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, storageStatusQueryOptions());

export function SettingsRoute() {
  const t = useT(messages);
  const { user } = useAuth();
  const { supportEmail } = useCompanySettings();
  const signOut = useSignOut();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <PageHeader title={paths.settings.title} description={paths.settings.description} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('appearance.title')}</h2>
          </CardTitle>
          <CardDescription>{t('appearance.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ThemeSwitch />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('account.title')}</h2>
          </CardTitle>
          <CardDescription>{t('account.signedInAs', { email: user?.email })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={paths.profile.path}>
              <UserRound aria-hidden="true" />
              {t('account.editProfile')}
            </Link>
          </Button>
          <Button
            variant="destructive"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" />
            {t('account.signOut')}
          </Button>
        </CardContent>
      </Card>
      <OfflineStorageCard />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('about.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground space-y-1 text-sm">
          <p>{t('about.version', { version: env.appVersion })}</p>
          <p>
            {t('about.support')}{' '}
            <a className="underline underline-offset-4" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
