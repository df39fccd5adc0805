import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Button } from '@/components/ui/button';
import { THEME_ICONS, themeLabel } from '@/lib/theme-options';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';
import { useTheme } from '@/hooks/use-theme';
import { parseTheme, THEMES } from '@/lib/theme';

export function ThemeMenu() {
  const t = useT(messages);
  const { theme, resolvedTheme, setTheme } = useTheme();
  const Icon = THEME_ICONS[resolvedTheme];
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('theme.label', { theme: themeLabel(theme) })}
        >
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('theme.title')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(parseTheme(v))}>
          {THEMES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option}>
              {themeLabel(option)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
