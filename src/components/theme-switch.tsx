import { useTheme } from '@/hooks/use-theme';
import { THEMES } from '@/lib/theme';
import { useT } from '@/lib/i18n/catalog';
import { THEME_ICONS, themeLabel } from '@/lib/theme-options';
import { cn } from '@/lib/utils';
import { messages } from './messages';

/** Light / dark / system as a labelled radio group. */
export function ThemeSwitch({ className }: { className?: string }) {
  const t = useT(messages);
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="text-sm font-medium">{t('theme.legend')}</legend>
      <div className="bg-muted inline-flex flex-wrap gap-1 rounded-lg p-1">
        {THEMES.map((option) => {
          const Icon = THEME_ICONS[option];
          return (
            <label
              key={option}
              className={cn(
                'has-focus-visible:ring-ring/50 relative flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm has-focus-visible:ring-[3px]',
                theme === option
                  ? 'bg-background shadow-sm'
                  : 'text-foreground/80 hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              <Icon aria-hidden="true" className="size-4" />
              {themeLabel(option)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
