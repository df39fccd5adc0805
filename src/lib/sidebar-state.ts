// The sidebar remembers expanded / collapsed in the cookie `sidebar:state` for 7 days
// (docs/areas.md, spec §4, §9); the shadcn sidebar writes it (with its own max-age), the layout reads it
// back on load, and src/boot.js for the first paint (its name: src/lib/startup-contract.ts).
import { SIDEBAR_COOKIE } from './startup-contract';

/** true / false from a document.cookie string; undefined when the cookie is absent. */
export function readSidebarCookie(cookie: string): boolean | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) {
      const v = rest.join('=');
      if (v === 'true') return true;
      if (v === 'false') return false;
    }
  }
  return undefined;
}
