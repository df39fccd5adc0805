import { useMatch } from 'react-router';
import { ReportProblemLink } from '@/components/report-problem-link';
import { SyncStatusButton } from '../sync/sync-status-button';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';
import { HeaderBar } from './frame-parts';
import { paths } from '@/lib/routes';

export function AppHeader() {
  // On a villa's page the report is about that villa.
  const villa = useMatch(paths.property.path)?.params.id;
  return (
    <HeaderBar>
      <div className="ml-auto flex items-center gap-1">
        <ReportProblemLink propertyId={villa} iconOnlyOnPhones />
        <SyncStatusButton />
        <ThemeMenu />
        <UserMenu />
      </div>
    </HeaderBar>
  );
}
