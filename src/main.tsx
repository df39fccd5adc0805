import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { router } from './app/router';
import { env } from './lib/app-env';
// Read the auth fragment of the URL before supabase-js consumes it.
import './lib/initial-auth-redirect';
import { startErrorReporting } from './lib/telemetry/reporting';
import { startWebVitals } from './lib/telemetry/web-vitals';

const root = createRoot(document.getElementById('root')!);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The first render runs as a transition: in slices of a few ms, so the page keeps answering input
// and no single task holds the main thread while the frame renders (bench/README.md, issue 17).
const render = () => startTransition(() => root.render(app));
if (document.documentElement.classList.contains('boot-signin') && !router.state.initialized) {
  // index.html painted the sign-in screen (src/boot.js; docs/architecture.md "Loading: the first
  // paint"). React's first commit replaces it, so it waits for the screen's chunk (no spinner in
  // between).
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else {
  render();
}

void startErrorReporting(env, router).catch((e: unknown) =>
  console.error('Error reporting could not start', e),
);
void startWebVitals().catch((e: unknown) => console.error('Web vitals could not start', e));
// Only in a build for the offline soak benchmark (bench/offline.ts); dropped from normal builds.
if (import.meta.env.VITE_BENCH_HOOKS === '1') void import('./offline/bench-hooks');
