import { useMatch } from 'react-router';
import { ReportProblemLink } from '@/components/report-problem-link';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { SyncStatusButton } from '../sync/sync-status-button';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';
import { paths } from '@/lib/routes';

export function AppHeader() {
  // On a villa's page the report is about that villa.
  const villa = useMatch(paths.property.path)?.params.id;
  return (
    <header className="bg-background/95 sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur md:px-4">
      <SidebarTrigger className="-ml-1 size-9" title="Toggle sidebar (Ctrl/Cmd+B)" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-5" />
      <span className="truncate text-sm font-semibold md:hidden">Arivia Ops</span>
      <div className="ml-auto flex items-center gap-1">
        <ReportProblemLink propertyId={villa} iconOnlyOnPhones />
        <SyncStatusButton />
        <ThemeMenu />
        <UserMenu />
      </div>
    </header>
  );
}
