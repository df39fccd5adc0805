import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// The app and the local backend on one origin. 4173 is one of the redirect URLs the backend
// accepts (supabase/config.toml), so password-reset links come back to this server.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
/** The tag of the tests that change company-wide settings (the 'company-settings' project). */
const COMPANY_SETTINGS = /@company-settings/;

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties outputDir, and npm test keeps its summaries in test-results.
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // A click or fill that cannot happen fails at its own line instead of using up the whole test's
    // limit without saying where it stood.
    actionTimeout: 20_000,
    // A trace only of a retried test (CI retries once): recording every test cost each one time.
    trace: 'on-first-retry',
    // No service worker unless a test asks for it (test.use({ serviceWorkers: 'allow' })): left
    // on, every test's fresh context installed it and precached the whole build while the test
    // ran (docs/testing.md).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Signs each demo role in once through the form and keeps the session for signInAs(). Its
    // teardown runs the tests that change company-wide settings, once everything else is done.
    {
      name: 'sign-in',
      testMatch: /support\/sign-in\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'] },
      teardown: 'company-settings',
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['sign-in'],
      grepInvert: COMPANY_SETTINGS,
    },
    // Tests tagged @company-settings change what every other test sees (the company's time zone,
    // its support address) and restore it: they run after the 'chromium' project has finished,
    // one at a time, so no other test can observe the change. A teardown project, not one that
    // depends on 'chromium': a dependent project is skipped when a test of 'chromium' fails, and
    // would make 'chromium' run whole whatever file or grep was asked for. A teardown runs
    // whatever the outcome, but also whatever was asked for (docs/testing.md).
    {
      name: 'company-settings',
      use: { ...devices['Desktop Chrome'] },
      grep: COMPANY_SETTINGS,
      workers: 1,
    },
  ],
  webServer: {
    // exec: the web server is Playwright's own child, and sees it go (e2e/support/serve.mjs).
    command: 'exec node e2e/support/serve.mjs',
    // Not the health URL: the backend answers it before it has seeded its storage. serve.mjs says
    // when the backend is ready, and refuses a port something else holds.
    wait: { stdout: /^e2e web server ready$/m },
    env: { E2E_PORT: String(port) },
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
