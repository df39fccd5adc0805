import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { compiledCatalogs } from './scripts/vite-catalogs.ts';

export default defineConfig({
  // The text catalogues as the build compiles them (docs/i18n.md).
  plugins: [compiledCatalogs()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // As Playwright does in CI: one more try, and `npm test` names any test that needed it.
          retry: process.env.CI ? 1 : 0,
          // One backend per run; files run in parallel against it.
          fileParallelism: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/lib/i18n/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Component and route tests: real screens in happy-dom against the in-process local
          // backend (docs/adding-an-area.md "Component tests"); Playwright keeps the journeys.
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'happy-dom',
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/components/setup.ts', 'src/lib/i18n/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // As the server suites and Playwright: one more try in CI, and npm test names the test.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
