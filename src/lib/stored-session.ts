// The session supabase-js keeps in storage, read without supabase-js (docs/offline.md): the
// offline layer needs whose queued writes to lay over reads, and the auth provider the session an
// offline start keeps. A leaf module (it imports only the environment), so src/offline can read it
// without importing src/lib/auth, which imports src/offline (docs/architecture.md: no cycles).
import type { Session } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from './app-env';

/**
 * The session supabase-js kept in storage when it could not refresh it (no network): the user is
 * still signed in on this device. Null when there is none or it is not a session.
 */
export function storedSession(): Session | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Session>;
    return s.user?.id && s.refresh_token && s.access_token ? (s as Session) : null;
  } catch {
    return null;
  }
}
