// Lint rules: TypeScript strict, React hooks, and the feature boundaries of ARCHITECTURE.md
// (features never import each other; the server's modules depend only on db/ and gateway/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import noUntranslatedText from './scripts/eslint/no-untranslated-text.js';

const features = [
  'auth',
  'dashboard',
  'profile',
  'settings',
  'admin',
  'properties',
  'housekeeping',
  'maintenance',
  'inventory',
  'chat',
  'analytics',
  'checklists',
  'cleaning-settings',
  'recurring-tasks',
];
const serverModules = ['auth', 'rest', 'realtime', 'storage', 'functions'];

// Areas read and keep rows only through the offline resource layer (docs/offline.md "Declaring a
// resource"): never IndexedDB itself, the local database, or the layer's own parts.
const DEVICE_MESSAGE =
  'Read through the offline resource layer (src/offline/resource.ts: listResource / rowResource, kindRows, valueInRecord; docs/offline.md), never IndexedDB or the mirror* helpers.';
const deviceImports = {
  paths: [
    { name: 'idb', message: DEVICE_MESSAGE },
    { name: '@/offline/db', message: DEVICE_MESSAGE },
    {
      name: '@/offline/read',
      importNames: [
        'mirrorPut',
        'mirrorGet',
        'mirrorAll',
        'mirrorDelete',
        'mirrorOfVilla',
        'mirrorDeleteAll',
        'clearMirrors',
        'readWithFallback',
      ],
      message: DEVICE_MESSAGE,
    },
  ],
  patterns: [{ group: ['**/offline/db', '**/offline/db.ts'], message: DEVICE_MESSAGE }],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'coverage',
      'playwright-report',
      'test-results',
      'src/components/ui',
      'src/lib/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    // Without a resolver, extension-less imports (`@/features/...`, `../x`) are never checked
    // by the rules below: the TypeScript resolver reads tsconfig.json's `paths`.
    settings: {
      // no-cycle reads the imported TypeScript files, so it must know how to parse them.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message:
                'Features never import each other: move what several areas use of one table into src/domain, the rest into src/lib or src/components.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Features must not import the app layer.',
            },
            {
              target: ['./src/lib', './src/components', './src/offline'],
              from: ['./src/features', './src/app', './src/domain'],
              message: 'Shared code must not depend on the domain, features or the app.',
            },
            {
              // src/lib/auth imports the offline layer (the access copy, sign-out): the layer
              // never imports it back, not even a type (import-x/no-cycle skips type-only
              // imports, so it missed offline-auth -> resource -> read -> offline-auth).
              target: './src/offline',
              from: './src/lib/auth',
              message:
                'The offline layer must not import src/lib/auth (it imports the layer): read the stored session from src/lib/stored-session.ts.',
            },
            {
              target: './src/domain',
              from: ['./src/features', './src/app'],
              message:
                'Domain code (what several areas use of one table) must not depend on features or the app.',
            },
            ...serverModules.map((m) => ({
              target: `./server/${m}`,
              from: './server',
              except: [`./${m}`, './db', './gateway'],
              message: "The server's modules depend on db/ and gateway/, never on each other.",
            })),
            {
              target: './src',
              from: ['./server', './scripts'],
              message: 'The app talks to the backend only through supabase-js.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/domain/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', deviceImports] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': [
        'warn',
        { allowConstantExport: true, allowExportNames: ['clientLoader'] },
      ],
    },
  },
  {
    // Every user-facing text comes from a catalogue (docs/i18n.md).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.build.ts', 'src/sw.ts'],
    plugins: { arivia: { rules: { 'no-untranslated-text': noUntranslatedText } } },
    rules: { 'arivia/no-untranslated-text': ['error', { allow: ['Arivia Ops'] }] },
  },
  prettier,
);
