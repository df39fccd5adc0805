import { Monitor, Moon, Sun } from 'lucide-react';
import { messages } from './messages';
import type { Theme } from './theme';

/** A theme's name in the active language. */
export function themeLabel(theme: Theme): string {
  return messages.t(`theme.${theme}`);
}

export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
