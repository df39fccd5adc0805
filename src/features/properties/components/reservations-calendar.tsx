import { useState } from 'react';
import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useMonthReservations } from '../api/get-reservations';
import { companyTodayDate, zonedDay, zonedInputToIso } from '@/lib/company-time';
import { useCompanySettings, type CompanyPreferences } from '@/lib/use-company-settings';
import { CalendarHeader } from './calendar-header';
import { calendarDate } from '../calendar-dates';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

type Mode = 'month' | 'week';
const MODES = ['month', 'week'] as const;

function anchorOf(mode: Mode, date: Date, weekStartsOn: CompanyPreferences['weekStartsOn']): Date {
  return mode === 'month' ? startOfMonth(date) : startOfWeek(date, { weekStartsOn });
}

/**
 * A month or week grid of a villa's stays (company-zone days); cancelled stays are left out.
 * Weeks start on the company's day (system settings; Monday until known).
 */
export function ReservationsCalendar({ propertyId }: { propertyId: string }) {
  const t = useT(messages);
  const { weekStartsOn } = useCompanySettings();
  const [mode, setMode] = useState<Mode>('month');
  const [picked, setAnchor] = useState(() => startOfMonth(companyTodayDate()));
  // Derived on every render: a week start that arrives (or changes) after the first one applies.
  const anchor = anchorOf(mode, picked, weekStartsOn);
  const gridStart = mode === 'month' ? startOfWeek(anchor, { weekStartsOn }) : anchor;
  const gridEnd =
    mode === 'month'
      ? endOfWeek(endOfMonth(anchor), { weekStartsOn })
      : endOfWeek(anchor, { weekStartsOn });
  const days = eachDayOfInterval({ start: gridStart, end: gridEnd });
  const key = mode === 'month' ? format(anchor, 'yyyy-MM') : `week-${format(anchor, 'yyyy-MM-dd')}`;
  const from = zonedInputToIso(`${format(gridStart, 'yyyy-MM-dd')}T00:00`);
  const to = zonedInputToIso(`${format(addDays(gridEnd, 1), 'yyyy-MM-dd')}T00:00`);
  const stays = useMonthReservations(propertyId, key, from, to);
  const confirmed = (stays.data ?? []).filter((r) => r.status === 'confirmed');
  const step = (n: number) =>
    setAnchor((a) => (mode === 'month' ? addMonths(a, n) : addWeeks(a, n)));
  const label =
    mode === 'month'
      ? calendarDate(anchor, 'month')
      : `${calendarDate(gridStart, 'dayMonth')} – ${calendarDate(gridEnd, 'dayMonthYear')}`;

  return (
    <section aria-label={t('calendar.reservations')} className="space-y-3">
      <CalendarHeader
        mode={mode}
        options={MODES.map((m) => ({ value: m, label: t(`calendar.${m}`) }))}
        onModeChange={(m) => {
          setMode(m);
          setAnchor(anchorOf(m, anchor, weekStartsOn));
        }}
        onToday={() => setAnchor(anchorOf(mode, companyTodayDate(), weekStartsOn))}
        onStep={step}
        unit={mode}
        label={label}
        headingTag="h3"
        headingClassName="font-medium"
      />
      <div
        className="grid grid-cols-7 gap-px overflow-hidden rounded-md border text-xs"
        role="grid"
        aria-label={t(`calendar.${mode}`)}
      >
        <div role="row" className="contents">
          {days.slice(0, 7).map((day) => (
            <div
              key={day.getDay()}
              role="columnheader"
              className="bg-muted p-1 text-center font-medium"
            >
              {calendarDate(day, 'weekday')}
            </div>
          ))}
        </div>
        {Array.from({ length: days.length / 7 }, (_, w) => (
          <div role="row" className="contents" key={w}>
            {days.slice(w * 7, w * 7 + 7).map((day) => {
              const iso = format(day, 'yyyy-MM-dd');
              const here = confirmed.filter(
                (r) => zonedDay(r.check_in) <= iso && iso <= zonedDay(r.check_out),
              );
              const dim = mode === 'month' && day.getMonth() !== anchor.getMonth();
              return (
                <div
                  key={iso}
                  role="gridcell"
                  className={`space-y-0.5 p-1 ${mode === 'week' ? 'min-h-32' : 'min-h-16'} ${dim ? 'bg-muted/40' : 'bg-background'}`}
                >
                  {/* Days of the next or last month are told apart by their number and a muted
                      background, never by fading the cell: its guests must stay readable (WCAG AA). */}
                  <div className={dim ? 'text-muted-foreground' : undefined}>
                    <span aria-hidden="true">
                      {mode === 'week' ? calendarDate(day, 'weekdayDay') : format(day, 'd')}
                    </span>
                    <span className="sr-only">{calendarDate(day, 'fullDay')}</span>
                  </div>
                  {here.map((r) => {
                    const arrives = zonedDay(r.check_in) === iso;
                    const leaves = zonedDay(r.check_out) === iso;
                    const name = r.guest_name || t('stays.reserved');
                    return (
                      <div key={r.id} className="bg-primary/15 truncate rounded px-1" title={name}>
                        {arrives
                          ? t('calendar.arrives', { name })
                          : leaves
                            ? t('calendar.leaves', { name })
                            : name}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {stays.isError ? <p className="text-destructive text-sm">{t('calendar.failed')}</p> : null}
    </section>
  );
}
