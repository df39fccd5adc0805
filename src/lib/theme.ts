// Theme (docs/areas.md, spec §4): stored in local storage under `theme`, default `system`; resolves to
// light or dark, and `system` follows the OS. Class-based: <html class="dark">.

import { THEME_KEY } from './startup-contract';

/** Read by src/boot.js too (src/lib/startup-contract.ts). */
export const THEME_STORAGE_KEY = THEME_KEY;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme {
  try {
    return parseTheme(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

export function applyTheme(root: HTMLElement, resolved: ResolvedTheme) {
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}
