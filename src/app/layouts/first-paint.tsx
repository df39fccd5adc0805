// The first paint of a signed-in start, made at build time (vite.config.ts firstPaint), not in
// the browser: the signed-in frame with the page's heading, for src/boot.js to paint from the
// HTML before any script when the device kept no screen of its own for the page
// (docs/architecture.md "Loading: the first paint of a signed-in start"). It is drawn from the
// frame's own parts, so it stays in step with them; it holds nothing of a user (no navigation,
// no name, no rows).
import { renderToStaticMarkup } from 'react-dom/server';
import { PageHeader } from '@/components/page-header';
import {
  Sidebar,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
} from '@/components/ui/sidebar';
import { paths, type RouteEntry } from '@/lib/routes';
import { HeaderBar, ScreenArea, SidebarBrand } from './frame-parts';

/** What boot.js puts in the frame's heading: `h1` and the line under it. */
const TITLE = 'title';
const DESCRIPTION = 'description';

/**
 * The pages painted this way: those whose heading is the same for everyone who may open them
 * (no parameter, no role or key to pass, one title), by path.
 */
export function firstPaintPages(): Record<string, [title: string, description: string]> {
  const entries: RouteEntry[] = Object.values(paths);
  return Object.fromEntries(
    entries
      .filter(
        (r) =>
          // staff: the same page for every role; an account with no role yet sees this heading
          // until the app's guard replaces it with "waiting for access".
          (r.access === 'user' || r.access === 'staff') &&
          !r.path.includes(':') &&
          !r.permission &&
          !r.permissions &&
          !r.titleWithout &&
          r.description,
      )
      .map((r) => [r.path, [r.title, r.description!]]),
  );
}

/** The frame's markup, its heading reading `title` and `description` until boot.js fills it. */
export function firstPaintFrame(): string {
  return renderToStaticMarkup(
    <SidebarProvider>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" asChild>
                <a href="/">
                  <SidebarBrand />
                </a>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
      </Sidebar>
      <SidebarInset className="min-w-0">
        <HeaderBar />
        <ScreenArea>
          <PageHeader title={TITLE} description={DESCRIPTION} />
        </ScreenArea>
      </SidebarInset>
    </SidebarProvider>,
  );
}
