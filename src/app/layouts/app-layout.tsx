// The frame of every signed-in screen: sidebar, header, the screen.
import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { readSidebarCookie } from '@/lib/sidebar-state';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

export function AppLayout() {
  // Read once per mount: the sidebar itself writes the cookie on every toggle.
  const defaultOpen = readSidebarCookie(document.cookie) ?? true;
  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <AppSidebar />
      <SidebarInset>
        <AppHeader />
        <div id="main-content" className="flex flex-1 flex-col gap-6 p-4 md:p-6">
          <Outlet />
        </div>
        {/* The offline issue mounts its banner, Sync Queue panel, install and update cards here. */}
      </SidebarInset>
    </SidebarProvider>
  );
}
