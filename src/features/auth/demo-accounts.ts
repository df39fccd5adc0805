// The demo accounts of supabase/seed.sql, offered on the sign-in screen only when the backend is
// on this machine (env.isLocalBackend): a hosted backend never has them.
export const DEMO_PASSWORD = 'arivia-demo';

export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@arivia.local' },
  { role: 'manager', email: 'manager@arivia.local' },
  { role: 'housekeeper', email: 'housekeeper@arivia.local' },
  { role: 'technician', email: 'technician@arivia.local' },
] as const;
