import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export type CalendarViewOption<T extends string> = { value: T; label: string };

/** What one step of a calendar moves by. */
export type CalendarUnit = 'month' | 'week' | 'fortnight';

/**
 * The head of both calendars: the span toggle (buttons with aria-pressed), Today, and previous /
 * next around the shown span's label.
 */
export function CalendarHeader<T extends string>({
  mode,
  options,
  onModeChange,
  onToday,
  onStep,
  unit,
  label,
  headingTag: Heading,
  headingClassName,
}: {
  mode: T;
  options: readonly CalendarViewOption<T>[];
  onModeChange: (mode: T) => void;
  onToday: () => void;
  onStep: (n: number) => void;
  /** What one step moves by, for the buttons' names ('Previous month', 'Next two weeks'). */
  unit: CalendarUnit;
  label: string;
  headingTag: 'h2' | 'h3';
  headingClassName: string;
}) {
  const t = useT(messages);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          className="bg-muted inline-flex rounded-lg p-1"
          role="group"
          aria-label={t('calendar.view')}
        >
          {options.map((o) => (
            <Button
              key={o.value}
              size="sm"
              variant={o.value === mode ? 'secondary' : 'ghost'}
              aria-pressed={o.value === mode}
              onClick={() => onModeChange(o.value)}
            >
              {o.label}
            </Button>
          ))}
        </div>
        <Button variant="outline" size="sm" onClick={onToday}>
          {t('calendar.today')}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={t(`calendar.previous.${unit}`)}
          onClick={() => onStep(-1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Heading className={headingClassName} aria-live="polite">
          {label}
        </Heading>
        <Button
          variant="outline"
          size="icon"
          aria-label={t(`calendar.next.${unit}`)}
          onClick={() => onStep(1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </>
  );
}
