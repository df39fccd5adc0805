// The sidebar's shortcut (Ctrl/Cmd+B) pressed while the app starts, before the sidebar listens for
// it: src/boot.js counts the presses on <html> (a signed-in start); this, mounted inside the
// sidebar's provider, applies an odd count once and tells boot.js to stop counting. Its effect
// runs in the same commit as the provider's, which attaches the sidebar's own listener: no press
// falls between the two (docs/architecture.md "Loading: the start-up contract").
import { useEffect } from 'react';
import { useSidebar } from '@/components/ui/sidebar';
import { SIDEBAR_PRESSES_ATTR, SIDEBAR_PRESSES_LIVE } from '@/lib/startup-contract';

export function EarlySidebarPresses() {
  const { toggleSidebar } = useSidebar();
  useEffect(() => {
    const html = document.documentElement;
    const count = Number(html.getAttribute(SIDEBAR_PRESSES_ATTR)) || 0;
    html.setAttribute(SIDEBAR_PRESSES_ATTR, SIDEBAR_PRESSES_LIVE);
    if (count % 2 === 1) toggleSidebar();
    // Once, as the frame mounts: from then on the sidebar's own listener answers the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
