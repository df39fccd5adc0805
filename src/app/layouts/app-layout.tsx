// The frame of every signed-in screen: sidebar, header, the screen; and the areas' registry
// (../areas.ts) for the dashboard, the villa page and the header.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { useKeepFirstPaintTexts } from '@/lib/first-paint-texts';
import { useT } from '@/lib/i18n/catalog';
import { readSidebarCookie } from '@/lib/sidebar-state';
import { whenLoaded } from '@/lib/toast';
import { requestPersistentStorage } from '@/offline/storage';
import { AreasProvider } from '../areas';
import { CompanySettingsSync } from '../company-settings-sync';
import { OfflineBanner } from '../sync/offline-banner';
import { SignOutWarning } from '../sync/sign-out-warning';
import { SyncQueuePanel } from '../sync/sync-queue-panel';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { EarlySidebarPresses } from './early-sidebar-presses';
import { ScreenArea } from './frame-parts';
import { messages } from './messages';

// The guards of what a route asks beyond signing in, and its loader's, come in this chunk: the
// router takes them from here with the screen (src/app/router.tsx), so the entry the sign-in
// screen loads does not carry them, and a signed-in start fetches no chunk more.
export { RouteGuard } from '../guards/route-guard';
// eslint-disable-next-line react-refresh/only-export-components -- the chunk's, not a component's
export { loaderForAccess } from '../guards/loader-access';

// Chat's toasts and system notifications for a message meant for me while I am elsewhere
// (docs/chat.md "Notifications"): its own chunk, fetched once the screen is drawn and the page is
// idle, so it never competes with a first screen.
// A chunk that cannot come (no signal before the service worker kept the app) is asked for again
// once the signal is back, instead of failing the frame (src/lib/toast.ts).
const ChatNotifier = lazy(() =>
  whenLoaded(() => import('@/features/chat/components/chat-notifier')),
);

/** True once the page has been idle after the screen came (at most 3 s later). */
function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }, [ready, idle]);
  return idle;
}

export function AppLayout() {
  const t = useT(messages);
  // Read once per mount: the sidebar itself writes the cookie on every toggle.
  const defaultOpen = readSidebarCookie(document.cookie) ?? true;
  // Signed in: the queue and the mirrored rows must survive storage pressure (docs/offline.md).
  useEffect(() => {
    void requestPersistentStorage();
  }, []);
  // The words boot.js paints at the next start, in this user's language and as their access
  // shows the pages (docs/architecture.md "Loading: the first paint of a signed-in start").
  useKeepFirstPaintTexts();
  // The frame commits first, the screen in a transition after it: as one commit they were one
  // task of ~35 ms (the frame's effects) and one style and layout pass of ~50 ms as the app
  // started, which a phone 4x slower feels (bench/README.md "Issue 17: the signed-in start's
  // first paint"). Once mounted, the frame stays: later screens come at once.
  const [screen, setScreen] = useState(false);
  useEffect(() => startTransition(() => setScreen(true)), []);
  const idle = useIdleAfter(screen);
  return (
    <AreasProvider>
      <SidebarProvider defaultOpen={defaultOpen}>
        <EarlySidebarPresses />
        <a
          href="#main-content"
          className="bg-background focus-visible:ring-ring/50 sr-only z-50 rounded-md px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-[3px]"
        >
          {t('skip')}
        </a>
        <AppSidebar />
        {/* min-w-0: a page's wide content (a board, a strip of photos) scrolls inside it instead of
          widening the whole screen on a phone. */}
        <SidebarInset className="min-w-0">
          <AppHeader />
          <OfflineBanner />
          <ScreenArea id="main-content">{screen ? <Outlet /> : <PageSpinner />}</ScreenArea>
          {/* The offline issue mounts its install and update cards here. */}
          <SyncQueuePanel />
          <SignOutWarning />
          <CompanySettingsSync />
          {idle ? (
            <Suspense fallback={null}>
              <ChatNotifier />
            </Suspense>
          ) : null}
        </SidebarInset>
      </SidebarProvider>
    </AreasProvider>
  );
}
