import { Link } from 'react-router';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { initialsOf } from '@/lib/format';
import { paths } from '@/lib/routes';
import { roleLabel } from '@/lib/permissions';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';

export function UserMenu() {
  const t = useT(messages);
  const { user, profile, roles } = useAuth();
  const signOut = useSignOut();
  const name = profile?.full_name || user?.email || t('user.account');
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          <Avatar aria-hidden="true">
            <AvatarFallback className="text-foreground">
              {initialsOf(profile?.full_name, user?.email)}
            </AvatarFallback>
          </Avatar>
          <span className="sr-only">{t('user.open')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="space-y-0.5">
          <div className="truncate">{name}</div>
          <div className="text-muted-foreground truncate text-xs font-normal">{user?.email}</div>
          <div className="text-muted-foreground text-xs font-normal">
            {roles.length > 0 ? roles.map(roleLabel).join(', ') : t('user.noRole')}
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile.path}>
            <UserRound aria-hidden="true" />
            {t('user.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.settings.path}>
            <Settings aria-hidden="true" />
            {t('user.settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          onSelect={() => signOut.mutate()}
        >
          <LogOut aria-hidden="true" />
          {t('user.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
