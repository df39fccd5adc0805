import { useTheme } from '@/hooks/use-theme';
import { THEMES } from '@/lib/theme';
import { THEME_ICONS, THEME_LABELS } from '@/lib/theme-options';
import { cn } from '@/lib/utils';

/** Light / dark / system as a labelled radio group. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="text-sm font-medium">Theme</legend>
      <div className="bg-muted inline-flex flex-wrap gap-1 rounded-lg p-1">
        {THEMES.map((t) => {
          const Icon = THEME_ICONS[t];
          return (
            <label
              key={t}
              className={cn(
                'has-focus-visible:ring-ring/50 relative flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm has-focus-visible:ring-[3px]',
                theme === t
                  ? 'bg-background shadow-sm'
                  : 'text-foreground/80 hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={t}
                checked={theme === t}
                onChange={() => setTheme(t)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              <Icon aria-hidden="true" className="size-4" />
              {THEME_LABELS[t]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
