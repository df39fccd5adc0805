import { useState } from 'react';
import { Link } from 'react-router';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  format,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { hrefs } from '@/lib/routes';
import type { PropertyListRow } from '../api/get-properties';
import { useReservationsInRange } from '../api/get-reservations-range';
import { companyTodayDate, zonedDay, zonedInputToIso } from '@/lib/company-time';
import { useCompanySettings, type CompanyPreferences } from '@/lib/use-company-settings';
import { CalendarHeader } from './calendar-header';
import { calendarDate } from '../calendar-dates';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

type Mode = 'fortnight' | 'week' | 'month';
const MODES = ['fortnight', 'week', 'month'] as const;

function anchorOf(mode: Mode, date: Date, weekStartsOn: CompanyPreferences['weekStartsOn']): Date {
  return mode === 'month' ? startOfMonth(date) : startOfWeek(date, { weekStartsOn });
}

/**
 * Stays for the villas on the current list page (two weeks, a week or a month): a row per villa,
 * a column per day. Weeks start on the company's day (system settings; Monday until known).
 */
export function PropertiesCalendar({ rows }: { rows: PropertyListRow[] }) {
  const t = useT(messages);
  const { weekStartsOn } = useCompanySettings();
  const [mode, setMode] = useState<Mode>('fortnight');
  const [picked, setStart] = useState(() =>
    anchorOf('fortnight', companyTodayDate(), weekStartsOn),
  );
  // Derived on every render: a week start that arrives (or changes) after the first one applies.
  const start = anchorOf(mode, picked, weekStartsOn);
  const last = mode === 'month' ? endOfMonth(start) : addDays(start, mode === 'week' ? 6 : 13);
  const days = eachDayOfInterval({ start, end: last });
  const from = zonedInputToIso(`${format(start, 'yyyy-MM-dd')}T00:00`);
  const to = zonedInputToIso(`${format(addDays(last, 1), 'yyyy-MM-dd')}T00:00`);
  const ids = rows.map((r) => r.id);
  const stays = useReservationsInRange(ids, from, to);
  const today = zonedDay(new Date().toISOString());
  const step = (n: number) =>
    setStart((s) =>
      mode === 'month' ? addMonths(s, n) : addDays(s, n * (mode === 'week' ? 7 : 14)),
    );
  const label =
    mode === 'month'
      ? calendarDate(start, 'month')
      : `${calendarDate(start, 'dayMonth')} – ${calendarDate(last, 'dayMonthYear')}`;

  return (
    <section aria-label={t('calendar.across')} className="space-y-3">
      <CalendarHeader
        mode={mode}
        options={MODES.map((m) => ({ value: m, label: t(`calendar.${m}`) }))}
        onModeChange={(m) => {
          setMode(m);
          setStart(anchorOf(m, start, weekStartsOn));
        }}
        onToday={() => setStart(anchorOf(mode, companyTodayDate(), weekStartsOn))}
        onStep={step}
        unit={mode}
        label={label}
        headingTag="h2"
        headingClassName="text-sm font-medium"
      />
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full border-collapse text-xs">
          <caption className="sr-only">{t('calendar.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="bg-muted sticky left-0 min-w-32 p-2 text-left">
                {t('calendar.property')}
              </th>
              {days.map((d) => {
                const iso = format(d, 'yyyy-MM-dd');
                return (
                  <th
                    key={iso}
                    scope="col"
                    className={`min-w-16 p-1 text-center font-medium ${iso === today ? 'bg-primary/10' : 'bg-muted'}`}
                  >
                    {calendarDate(d, 'weekdayDay')}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const mine = (stays.data ?? []).filter((s) => s.property_id === row.id);
              return (
                <tr key={row.id} className="border-t">
                  <th scope="row" className="bg-background sticky left-0 p-2 text-left font-normal">
                    <Link
                      to={hrefs.property(row.id)}
                      className="underline-offset-4 hover:underline"
                    >
                      {row.name}
                    </Link>
                  </th>
                  {days.map((d) => {
                    const iso = format(d, 'yyyy-MM-dd');
                    const here = mine.filter(
                      (s) => zonedDay(s.check_in) <= iso && iso <= zonedDay(s.check_out),
                    );
                    return (
                      <td key={iso} className="border-l p-0.5 align-top">
                        {here.map((s) => {
                          const arrives = zonedDay(s.check_in) === iso;
                          const leaves = zonedDay(s.check_out) === iso;
                          const name = s.guest_name || t('stays.reserved');
                          return (
                            <div
                              key={s.id}
                              className="bg-primary/15 truncate rounded px-1"
                              title={name}
                            >
                              {arrives
                                ? t('calendar.arrivesShort', { name })
                                : leaves
                                  ? t('calendar.leavesShort', { name })
                                  : '·'}
                            </div>
                          );
                        })}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {stays.isError ? <p className="text-destructive text-sm">{t('calendar.failed')}</p> : null}
    </section>
  );
}
