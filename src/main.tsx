import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { env } from './lib/app-env';
import { nextTask } from './lib/idle';
import { SIGN_IN_CLASS } from './lib/startup-contract';
// Read the auth fragment of the URL before supabase-js consumes it.
import './lib/initial-auth-redirect';
import { startErrorReporting } from './lib/telemetry/reporting';
import { activateLanguage, setCatalogueLoaders } from './lib/i18n/catalog';
import { CATALOGUE_LOADERS } from './lib/i18n/loaders';
import { chooseLanguage, rememberLanguage, storedLanguage } from './lib/i18n/languages';
import { startWebVitals } from './lib/telemetry/web-vitals';

// The start runs in short tasks: the modules' evaluation, the router, its start (which loads
// the first screen's chunks and data), tailwind-merge's config and tables, the React root, then
// the first render. As one, it was a task of ~50 ms, which Lighthouse's 4x slower phone counts as blocking
// time (bench/README.md "Issue 17: the signed-in start's first paint" and "the start in smaller
// tasks"). Not a top-level await: the bundler would then cut the entry into a chunk per module.
async function start() {
  // The language this device used last, else the browser's (docs/i18n.md): its catalogue is
  // downloaded (or, offline, read from the service worker's cache) before the first render, so
  // no screen shows in English first. The profile's language follows once it is read.
  setCatalogueLoaders(CATALOGUE_LOADERS, rememberLanguage);
  const language = storedLanguage() ?? chooseLanguage(null);
  if (language !== 'en') await activateLanguage(language);
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  router.initialize();
  await nextTask();
  // index.html painted the sign-in screen (src/boot.js; docs/architecture.md "Loading: the first
  // paint"): React's first commit replaces it.
  const signIn = document.documentElement.classList.contains(SIGN_IN_CLASS);
  if (!signIn) {
    // tailwind-merge builds its config and tables on its first call: in tasks of their own, not
    // in the render's. Imported here, not at the top: the sign-in screen calls no cn(), and /auth
    // does not download it (bench/README.md "Issue 28"). The first screen's chunks, which the
    // router is loading already, import the same module.
    const { cn, prepareClassMerge } = await import('./lib/utils');
    prepareClassMerge();
    await nextTask();
    cn();
    await nextTask();
  }
  const root = createRoot(document.getElementById('root')!);
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // The first render runs as a transition: in slices of a few ms, so the page keeps answering
  // input and no single task holds the main thread while the frame renders.
  const render = () => startTransition(() => root.render(app));
  if (signIn && !router.state.initialized) {
    // The render waits for the sign-in screen's chunk (no spinner between the two screens).
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
}

void start();
void startWebVitals().catch((e: unknown) => console.error('Web vitals could not start', e));
// Only in a build for the offline soak benchmark (bench/offline.ts); dropped from normal builds.
if (import.meta.env.VITE_BENCH_HOOKS === '1') void import('./offline/bench-hooks');
