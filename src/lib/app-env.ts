// The validated environment, read once at start-up. Importing this module with a variable
// missing throws 'Missing required environment variables …' (docs/areas.md, spec §8); index.html shows
// that message when it stops the app from starting.
import { parseEnv } from './env';
import { sessionKey } from './startup-contract';

export const env = parseEnv(import.meta.env);

/** Where supabase-js keeps the session (supabase.ts configures the client with it). */
export const AUTH_STORAGE_KEY = sessionKey(env.supabaseProjectId);
