// The parts of the signed-in frame that hold no user's data: drawn by the app's frame
// (app-layout.tsx) and, at build time, into the first paint of a signed-in start
// (first-paint.tsx). Only UI primitives here: the build renders this file outside the browser.
import type { ReactNode } from 'react';
import { PanelLeftIcon, Waves } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { useSidebar } from '@/components/ui/sidebar';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';

/**
 * The kit's SidebarTrigger (components/ui/sidebar.tsx, generated) with its name in the active
 * language: the same button, data attributes and icon.
 */
function SidebarToggle({ title, label }: { title: string; label: string }) {
  const { toggleSidebar } = useSidebar();
  return (
    <Button
      data-sidebar="trigger"
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className="-ml-1 size-9"
      title={title}
      onClick={toggleSidebar}
    >
      <PanelLeftIcon />
      <span className="sr-only">{label}</span>
    </Button>
  );
}

/** The header's bar: the sidebar's toggle and the product's name on phones, then `children`. */
export function HeaderBar({ children }: { children?: ReactNode }) {
  const t = useT(messages);
  return (
    <header className="bg-background/95 sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur md:px-4">
      <SidebarToggle title={t('toggleSidebar')} label={t('sidebarToggle')} />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-5" />
      <span className="truncate text-sm font-semibold md:hidden">Arivia Ops</span>
      {children}
    </header>
  );
}

/**
 * The product's mark, name and `subtitle`, at the top of the sidebar; without a subtitle (the
 * company has no name of its own), 'Operations console'.
 */
export function SidebarBrand({ subtitle }: { subtitle?: string }) {
  const t = useT(messages);
  return (
    <>
      <span className="bg-sidebar-primary text-sidebar-primary-foreground flex aspect-square size-8 items-center justify-center rounded-lg">
        <Waves aria-hidden="true" className="size-4" />
      </span>
      <span className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-semibold">Arivia Ops</span>
        <span className="text-sidebar-foreground/70 truncate text-xs">
          {subtitle ?? t('subtitle')}
        </span>
      </span>
    </>
  );
}

/** Where the screen goes, under the header. */
export function ScreenArea({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div id={id} tabIndex={id ? -1 : undefined} className="flex flex-1 flex-col gap-6 p-4 md:p-6">
      {children}
    </div>
  );
}
