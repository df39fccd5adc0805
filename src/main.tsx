import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { router } from './app/router';
import { env } from './lib/app-env';
// Read the auth fragment of the URL before supabase-js consumes it.
import './lib/initial-auth-redirect';
import { startErrorReporting } from './lib/telemetry/reporting';
import { startWebVitals } from './lib/telemetry/web-vitals';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void startErrorReporting(env, router).catch((e: unknown) =>
  console.error('Error reporting could not start', e),
);
void startWebVitals().catch((e: unknown) => console.error('Web vitals could not start', e));
// Only in a build for the offline soak benchmark (bench/offline.ts); dropped from normal builds.
if (import.meta.env.VITE_BENCH_HOOKS === '1') void import('./offline/bench-hooks');
