import { Button } from '@/components/ui/button';

export type CalendarViewOption<T extends string> = { value: T; label: string };

/** A small toggle group (buttons with aria-pressed) choosing a calendar's span. */
export function CalendarViewToggle<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly CalendarViewOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="bg-muted inline-flex rounded-lg p-1" role="group" aria-label="Calendar view">
      {options.map((o) => (
        <Button
          key={o.value}
          size="sm"
          variant={o.value === value ? 'secondary' : 'ghost'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </div>
  );
}
