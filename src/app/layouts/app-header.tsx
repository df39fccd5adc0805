import { useMatch } from 'react-router';
import { useAreas } from '@/lib/areas';
import { SyncStatusButton } from '../sync/sync-status-button';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';
import { HeaderBar } from './frame-parts';
import { paths } from '@/lib/routes';

export function AppHeader() {
  // On a villa's page the report is about that villa.
  const villa = useMatch(paths.property.path)?.params.id;
  // The areas' actions (the registry, src/lib/areas.ts): "Report a problem" today.
  const { headerActions } = useAreas();
  return (
    <HeaderBar>
      <div className="ml-auto flex items-center gap-1">
        {headerActions.map((a) => (
          <a.Component key={a.key} propertyId={villa} place="header" />
        ))}
        <SyncStatusButton />
        <ThemeMenu />
        <UserMenu />
      </div>
    </HeaderBar>
  );
}
