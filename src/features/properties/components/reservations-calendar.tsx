import { useState } from 'react';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useMonthReservations } from '../api/get-reservations';
import { zonedDay, zonedInputToIso } from '@/lib/company-time';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A month grid of a villa's stays (company-zone days); cancelled stays are left out. */
export function ReservationsCalendar({ propertyId }: { propertyId: string }) {
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const gridStart = startOfWeek(startOfMonth(month), { weekStartsOn: 1 });
  const gridEnd = endOfWeek(endOfMonth(month), { weekStartsOn: 1 });
  const days = eachDayOfInterval({ start: gridStart, end: gridEnd });
  const key = format(month, 'yyyy-MM');
  const from = zonedInputToIso(`${format(gridStart, 'yyyy-MM-dd')}T00:00`);
  const to = zonedInputToIso(`${format(addDays(gridEnd, 1), 'yyyy-MM-dd')}T00:00`);
  const stays = useMonthReservations(propertyId, key, from, to);
  const confirmed = (stays.data ?? []).filter((r) => r.status === 'confirmed');

  return (
    <section aria-label="Reservations calendar" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 className="font-medium" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </h3>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div
        className="grid grid-cols-7 gap-px overflow-hidden rounded-md border text-xs"
        role="grid"
      >
        <div role="row" className="contents">
          {WEEKDAYS.map((d) => (
            <div key={d} role="columnheader" className="bg-muted p-1 text-center font-medium">
              {d}
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
              const inMonth = day.getMonth() === month.getMonth();
              return (
                <div
                  key={iso}
                  role="gridcell"
                  className={`bg-background min-h-16 space-y-0.5 p-1 ${inMonth ? '' : 'text-muted-foreground opacity-60'}`}
                >
                  <div>
                    <span aria-hidden="true">{format(day, 'd')}</span>
                    <span className="sr-only">{format(day, 'EEEE d MMMM')}</span>
                  </div>
                  {here.map((r) => {
                    const arrives = zonedDay(r.check_in) === iso;
                    const leaves = zonedDay(r.check_out) === iso;
                    return (
                      <div
                        key={r.id}
                        className="bg-primary/15 truncate rounded px-1"
                        title={r.guest_name || 'Reserved'}
                      >
                        {arrives ? 'In: ' : leaves ? 'Out: ' : ''}
                        {r.guest_name || 'Reserved'}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {stays.isError ? (
        <p className="text-destructive text-sm">The calendar could not be loaded.</p>
      ) : null}
    </section>
  );
}
