import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { initialsOf } from '@/lib/format';
import { roleLabel } from '@/lib/permissions';
import { PasswordForm } from '@/components/form/password-form';
import { ProfileForm } from '../components/profile-form';
import { paths } from '@/lib/routes';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function ProfileRoute() {
  const t = useT(messages);
  const { user, profile, roles } = useAuth();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <PageHeader title={paths.profile.title} description={paths.profile.description} />
      <div className="flex items-center gap-4">
        <Avatar size="lg">
          <AvatarFallback className="text-foreground">
            {initialsOf(profile?.full_name, user?.email)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate font-medium">{profile?.full_name || user?.email}</p>
          <p className="text-muted-foreground truncate text-sm">{user?.email}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {roles.length > 0 ? (
              roles.map((r) => (
                <Badge key={r} variant="secondary">
                  {roleLabel(r)}
                </Badge>
              ))
            ) : (
              <Badge variant="outline">{t('noRole')}</Badge>
            )}
          </div>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('details.title')}</h2>
          </CardTitle>
          <CardDescription>{t('details.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {profile ? <ProfileForm key={profile.id} profile={profile} /> : <PageSpinner />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('password.title')}</h2>
          </CardTitle>
          <CardDescription>{t('password.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm title={t('password.change')} submitLabel={t('password.change')} />
        </CardContent>
      </Card>
    </div>
  );
}
