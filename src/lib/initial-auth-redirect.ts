import { parseAuthRedirect } from './auth-redirect';

/** What the page was opened with, captured before supabase-js reads (and clears) the fragment. */
export const initialAuthRedirect = parseAuthRedirect(window.location.hash, window.location.search);
