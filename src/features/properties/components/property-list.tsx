import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { hrefs } from '@/lib/routes';
import type { PropertyListRow } from '../api/get-properties';
import { statusLabel, typeLabel } from '../labels';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';
import { formatDateTime } from '@/lib/company-time';
import { useIsMobile } from '@/hooks/use-mobile';
import { PendingSyncBadge } from '@/components/pending-sync-badge';
import { GuestReadyBadge } from './guest-ready-badge';

function StatusBadges({ row }: { row: PropertyListRow }) {
  const t = useT(messages);
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={row.status === 'active' ? 'outline' : 'secondary'}>
        {statusLabel(row.status)}
      </Badge>
      {row.archived ? <Badge variant="secondary">{t('badge.archived')}</Badge> : null}
      {row.occupied ? <Badge variant="outline">{t('badge.guestsIn')}</Badge> : null}
      {row.pendingSync ? <PendingSyncBadge /> : null}
    </span>
  );
}

/**
 * A table from 768 px up, cards on phones. Only the one the screen shows is rendered: both together
 * doubled the work of drawing the list, the largest part of the first screen after signing in
 * (bench/README.md, issue 17 second pass).
 */
export function PropertyList({ rows }: { rows: PropertyListRow[] }) {
  const mobile = useIsMobile();
  const drawn = useRowsInSteps(rows, mobile ? CARDS_PER_STEP : ROWS_PER_STEP);
  return mobile ? <PropertyCards rows={drawn} /> : <PropertyTable rows={drawn} />;
}

/**
 * Rows added per commit: more than the screen holds below the filters. A phone shows three cards
 * there; each card is ~24 elements, and the first commit's style and layout is one task
 * (bench/README.md "Issue 17: the start in smaller tasks").
 */
const CARDS_PER_STEP = 4;
const ROWS_PER_STEP = 8;

/**
 * `rows`, drawn `perStep` more at a time, each step a transition after the last commit: a page of
 * 25 villas committed at once was one long task (the DOM of every card) and one long style and
 * layout pass (bench/README.md "Issue 17: the signed-in start's first paint").
 */
function useRowsInSteps<Row>(rows: Row[], perStep: number): Row[] {
  const [step, setStep] = useState<{ rows: Row[]; count: number }>({ rows, count: perStep });
  const count = step.rows === rows ? step.count : perStep;
  useEffect(() => {
    if (count >= rows.length) return;
    startTransition(() => setStep({ rows, count: count + perStep }));
  }, [rows, count, perStep]);
  return count >= rows.length ? rows : rows.slice(0, count);
}

function PropertyCards({ rows }: { rows: PropertyListRow[] }) {
  const t = useT(messages);
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t('list.label')}>
      {rows.map((row) => (
        <li key={row.id}>
          <Card className="py-4">
            <CardContent className="space-y-2 px-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={hrefs.property(row.id)}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <p className="text-muted-foreground text-sm">
                    {row.code} · {row.area}
                  </p>
                </div>
                <GuestReadyBadge
                  ready={row.guest_ready}
                  reasons={row.not_ready_reasons}
                  showReasons={false}
                />
              </div>
              <p className="text-sm">
                {t('list.rooms', {
                  type: typeLabel(row.type),
                  bedrooms: row.bedrooms,
                  bathrooms: row.bathrooms,
                  guests: row.max_guests,
                })}
              </p>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground text-xs">{t('list.nextCheckIn')}</dt>
                  <dd>{formatDateTime(row.next_check_in)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-xs">{t('list.nextCheckOut')}</dt>
                  <dd>{formatDateTime(row.next_check_out)}</dd>
                </div>
              </dl>
              <StatusBadges row={row} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function PropertyTable({ rows }: { rows: PropertyListRow[] }) {
  const t = useT(messages);
  return (
    <div className="hidden md:block">
      <Table aria-label={t('list.label')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('list.property')}</TableHead>
            <TableHead>{t('list.type')}</TableHead>
            <TableHead className="text-right">{t('list.bedrooms')}</TableHead>
            <TableHead className="text-right">{t('list.guests')}</TableHead>
            <TableHead>{t('list.nextCheckIn')}</TableHead>
            <TableHead>{t('list.nextCheckOut')}</TableHead>
            <TableHead>{t('list.guestReady')}</TableHead>
            <TableHead>{t('list.status')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <Link
                  to={hrefs.property(row.id)}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
                <div className="text-muted-foreground text-xs">
                  {row.code} · {row.area}
                </div>
              </TableCell>
              <TableCell>{typeLabel(row.type)}</TableCell>
              <TableCell className="text-right">{row.bedrooms}</TableCell>
              <TableCell className="text-right">{row.max_guests}</TableCell>
              <TableCell>{formatDateTime(row.next_check_in)}</TableCell>
              <TableCell>{formatDateTime(row.next_check_out)}</TableCell>
              <TableCell className="whitespace-normal">
                <GuestReadyBadge ready={row.guest_ready} reasons={row.not_ready_reasons} />
              </TableCell>
              <TableCell>
                <StatusBadges row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
