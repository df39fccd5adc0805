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

export function ProfileRoute() {
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
              <Badge variant="outline">No role yet</Badge>
            )}
          </div>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Details</h2>
          </CardTitle>
          <CardDescription>How your team sees and reaches you.</CardDescription>
        </CardHeader>
        <CardContent>
          {profile ? <ProfileForm key={profile.id} profile={profile} /> : <PageSpinner />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Password</h2>
          </CardTitle>
          <CardDescription>6 to 72 characters.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm title="Change password" submitLabel="Change password" />
        </CardContent>
      </Card>
    </div>
  );
}
