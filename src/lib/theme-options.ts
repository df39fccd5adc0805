import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from './theme';

export const THEME_LABELS: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
