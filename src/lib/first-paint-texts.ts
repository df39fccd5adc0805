// The words of the first paint of a signed-in start, kept on this device for the signed-in user
// (docs/architecture.md "Loading: the first paint of a signed-in start"). src/boot.js paints the
// build's frame with a page's heading and line from the HTML, before any script; the build's own
// words are English and only of pages that look the same to everyone. These are in the user's
// language and as the user's access shows them: /housekeeping is the board for a manager and "My
// route" for a housekeeper, and a page a key opens is painted only for its holders.
import { useEffect } from 'react';
import type { PermissionKey } from './access-catalogue';
import { useAuth } from './auth/use-auth';
import { useLanguage } from './i18n/catalog';
import { canAccess, hasAllPermissions, hasAnyPermission, hasPermission } from './permissions';
import { routeEntries } from './routes';
import {
  FIRST_PAINT_TEXTS_KEY,
  FIRST_PAINT_TEXTS_VERSION,
  type FirstPaintTexts,
} from './startup-contract';

export { FIRST_PAINT_TEXTS_KEY };

interface Access {
  roles: readonly string[];
  permissions: readonly string[];
}

/**
 * The heading and line of every page without a parameter that has a line and that this user may
 * open, as they see it, in the active language.
 */
export function firstPaintTextsFor(user: Access): FirstPaintTexts['pages'] {
  const has = (key: PermissionKey) => hasPermission(user.permissions, key);
  const pages: FirstPaintTexts['pages'] = {};
  for (const [, r] of routeEntries) {
    if (r.access === 'public' || r.path.includes(':') || !r.description) continue;
    if (!canAccess(r.access, true, user.roles)) continue;
    if (r.permission && !has(r.permission)) continue;
    if (r.permissions && !hasAllPermissions(user.permissions, r.permissions)) continue;
    if (r.elsewhere && !hasAnyPermission(user.permissions, r.elsewhere.unless)) continue;
    const other = r.titleWithout && !has(r.titleWithout.permission) ? r.titleWithout : null;
    pages[r.path] = other
      ? [other.title, other.description ?? r.description]
      : [r.title, r.description];
  }
  return pages;
}

/** Keeps the signed-in user's words whenever their access or the language changes. */
export function useKeepFirstPaintTexts(): void {
  const { user, roles, permissions, loading } = useAuth();
  const lang = useLanguage();
  const userId = user?.id;
  // By value: the arrays may be new on every render.
  const access = JSON.stringify({ roles, permissions });
  useEffect(() => {
    if (!userId || loading) return;
    const texts: FirstPaintTexts = {
      v: FIRST_PAINT_TEXTS_VERSION,
      user: userId,
      lang,
      pages: firstPaintTextsFor(JSON.parse(access) as Access),
    };
    try {
      localStorage.setItem(FIRST_PAINT_TEXTS_KEY, JSON.stringify(texts));
    } catch {
      // Storage full or blocked: the next start paints the build's English words, or the spinner.
    }
  }, [userId, loading, lang, access]);
}
