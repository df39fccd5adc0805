// The demo accounts of supabase/seed.sql, offered on the sign-in screen only when the backend is
// on this machine (env.isLocalBackend): a hosted backend never has them.
export const DEMO_PASSWORD = 'arivia-demo';

/** One per role, `<role>@arivia.local`. */
export const DEMO_ACCOUNTS = (['admin', 'manager', 'housekeeper', 'technician'] as const).map(
  (role) => ({ role, email: `${role}@arivia.local` }),
);
