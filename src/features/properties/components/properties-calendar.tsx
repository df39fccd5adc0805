import { useState } from 'react';
import { Link } from 'react-router';
import { addDays, eachDayOfInterval, format, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { hrefs } from '@/lib/paths';
import type { PropertyListRow } from '../api/get-properties';
import { useReservationsInRange } from '../api/get-reservations-range';
import { zonedDay, zonedInputToIso } from '@/lib/company-time';

const DAYS = 14;

/** Two weeks of stays for the villas on the current list page: a row per villa, a column per day. */
export function PropertiesCalendar({ rows }: { rows: PropertyListRow[] }) {
  const [start, setStart] = useState(() => startOfWeek(new Date(), { weekStartsOn: 1 }));
  const days = eachDayOfInterval({ start, end: addDays(start, DAYS - 1) });
  const from = zonedInputToIso(`${format(start, 'yyyy-MM-dd')}T00:00`);
  const to = zonedInputToIso(`${format(addDays(start, DAYS), 'yyyy-MM-dd')}T00:00`);
  const ids = rows.map((r) => r.id);
  const stays = useReservationsInRange(ids, from, to);
  const today = format(new Date(), 'yyyy-MM-dd');

  return (
    <section aria-label="Calendar across properties" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous two weeks"
          onClick={() => setStart((s) => addDays(s, -DAYS))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 className="text-sm font-medium" aria-live="polite">
          {format(start, 'd MMM')} – {format(addDays(start, DAYS - 1), 'd MMM yyyy')}
        </h2>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next two weeks"
          onClick={() => setStart((s) => addDays(s, DAYS))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full border-collapse text-xs">
          <caption className="sr-only">Stays per property and day</caption>
          <thead>
            <tr>
              <th scope="col" className="bg-muted sticky left-0 min-w-32 p-2 text-left">
                Property
              </th>
              {days.map((d) => {
                const iso = format(d, 'yyyy-MM-dd');
                return (
                  <th
                    key={iso}
                    scope="col"
                    className={`min-w-16 p-1 text-center font-medium ${iso === today ? 'bg-primary/10' : 'bg-muted'}`}
                  >
                    {format(d, 'EEE d')}
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
                          return (
                            <div
                              key={s.id}
                              className="bg-primary/15 truncate rounded px-1"
                              title={s.guest_name || 'Reserved'}
                            >
                              {arrives ? 'In ' : leaves ? 'Out ' : ''}
                              {arrives || leaves ? s.guest_name || 'Reserved' : '·'}
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
      {stays.isError ? (
        <p className="text-destructive text-sm">The calendar could not be loaded.</p>
      ) : null}
    </section>
  );
}
