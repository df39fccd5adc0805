// The app's one date input (docs/adding-an-area.md "Forms"): a text box showing the day in the
// app's format ('27 Nov 2026', src/lib/company-time.ts) instead of the browser's mm/dd/yyyy, with a
// calendar button. The value in and out stays an ISO day ('2026-11-27'), so schemas and URLs are
// unchanged. What is typed is read when the box is left or Enter is pressed ('27 Nov', '27/11/2026'
// and '2026-11-27' all work); text that is not a day stays in the box, marked invalid, and the
// value is not changed (a form's schema then reports the field empty).
import { CalendarDays } from 'lucide-react';
import {
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Input } from '@/components/ui/input';
import { formatDay, parseDay } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { messages } from '../messages';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The day the placeholder shows, in the app's format of the language ('27 Nov 2026'). */
const EXAMPLE_DAY = '2026-11-27';

export type DateInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'type' | 'defaultValue' | 'ref'
> & {
  /** An ISO day ('2026-11-27') or '' for none. */
  value: string;
  /** Called with an ISO day, or '' when the box is emptied (or holds no day: `invalid`). */
  onValueChange: (day: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** The calendar button's name; "Choose <aria-label>" by default. */
  pickerLabel?: string;
  /** Called with '' when what is typed is not a day (a form, so its schema says so). */
  emptyWhenInvalid?: boolean;
};

/** Focuses a text box showing the day as '27 Nov 2026'; its value is an ISO day. */
export function DateInput({
  value,
  onValueChange,
  onBlur,
  onKeyDown,
  className,
  min,
  max,
  disabled,
  pickerLabel,
  emptyWhenInvalid = false,
  ref,
  ...input
}: DateInputProps) {
  const t = useT(messages);
  // The text being edited; null while it shows the value as formatted.
  const [text, setText] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const shown = text ?? formatDay(value);
  // A day, within min and max when they are given; null when it is not.
  const dayOf = (typed: string) => {
    const day = parseDay(typed);
    return day && (!min || day >= String(min)) && (!max || day <= String(max)) ? day : null;
  };
  const invalid = text !== null && text.trim() !== '' && dayOf(text) === null;

  const commit = () => {
    if (text === null) return;
    const typed = text.trim();
    if (typed === '') {
      setText(null);
      if (value !== '') onValueChange('');
      return;
    }
    const day = dayOf(typed);
    if (day) {
      setText(null);
      if (day !== value) onValueChange(day);
    } else if (emptyWhenInvalid && value !== '') {
      onValueChange('');
    }
  };

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
      el.click();
    }
  };

  const name =
    pickerLabel ??
    (input['aria-label']
      ? t('date.choose', { label: input['aria-label'] })
      : t('date.chooseADate'));

  return (
    <div className="relative w-full min-w-0">
      <Input
        {...input}
        ref={ref}
        type="text"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={input.placeholder ?? t('date.example', { day: formatDay(EXAMPLE_DAY) })}
        className={cn(className, 'pr-9')}
        aria-invalid={invalid || input['aria-invalid'] === true || input['aria-invalid'] === 'true'}
        value={shown}
        onChange={(e) => setText(e.target.value)}
        onBlur={(e: FocusEvent<HTMLInputElement>) => {
          commit();
          onBlur?.(e);
        }}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') commit();
          else if (e.key === 'Escape' && text !== null) {
            e.preventDefault();
            e.stopPropagation();
            setText(null);
          } else if (e.key === 'ArrowDown' && e.altKey) {
            e.preventDefault();
            openPicker();
          }
          onKeyDown?.(e);
        }}
      />
      <button
        type="button"
        aria-label={name}
        title={name}
        disabled={disabled}
        onClick={openPicker}
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-sm outline-none focus-visible:ring-[3px] disabled:opacity-50"
      >
        <CalendarDays aria-hidden="true" className="size-4" />
      </button>
      {/* The browser's own calendar, opened by the button: its value is the ISO day. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        min={min}
        max={max}
        value={ISO_DAY.test(value) ? value : ''}
        onChange={(e) => {
          if (!e.target.value) return;
          setText(null);
          onValueChange(e.target.value);
        }}
        className="pointer-events-none absolute bottom-0 left-0 h-px w-px opacity-0"
      />
    </div>
  );
}
