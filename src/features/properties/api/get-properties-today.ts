// GET property_overview three ways for the dashboard's properties card (./area.ts): villas not guest-ready
// (with why), and villas whose next check-in / check-out falls in the rest of today (company
// zone). property_overview gives field staff these times without guest data. The card keeps no copy
// on the device: offline it says it could not load them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyToday } from '@/lib/company-time';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { propertyKeys } from './keys';

const SHOWN = 5;

export interface TodayVilla {
  id: string;
  name: string;
  at: string | null;
  reasons: string[];
  /** When the clean that keeps it from being ready is due (docs/housekeeping.md). */
  dueAt: string | null;
}

export interface PropertiesToday {
  notReady: TodayVilla[];
  notReadyCount: number;
  arrivals: TodayVilla[];
  departures: TodayVilla[];
}

type Row = {
  id: string | null;
  name: string | null;
  next_check_in: string | null;
  next_check_out: string | null;
  not_ready_reasons: string[] | null;
  not_ready_due_at: string | null;
};

const COLUMNS = 'id,name,next_check_in,next_check_out,not_ready_reasons,not_ready_due_at';

function villa(r: Row, at: string | null): TodayVilla {
  return {
    id: r.id ?? '',
    name: r.name ?? '',
    at,
    reasons: r.not_ready_reasons ?? [],
    dueAt: r.not_ready_due_at ?? null,
  };
}

/** Today's villas as a resource that keeps no device copy (docs/offline.md). */
export const propertiesToday = rowResource<PropertiesToday>({
  source: 'property_overview',
  fetch: async () => {
    const { end } = companyToday();
    const now = new Date().toISOString();
    const base = () => supabase.from('property_overview').select(COLUMNS).eq('archived', false);
    const [notReady, arrivals, departures] = await Promise.all([
      fetchOrThrow(async () => {
        const res = await supabase
          .from('property_overview')
          .select(COLUMNS, { count: 'exact' })
          .eq('archived', false)
          .eq('guest_ready', false)
          .order('name')
          .limit(SHOWN);
        return {
          data: res.data ? { rows: res.data, count: res.count ?? 0 } : null,
          error: res.error,
        };
      }),
      fetchOrThrow(
        base().gte('next_check_in', now).lt('next_check_in', end).order('next_check_in').limit(50),
      ),
      fetchOrThrow(
        base()
          .gte('next_check_out', now)
          .lt('next_check_out', end)
          .order('next_check_out')
          .limit(50),
      ),
    ]);
    return {
      notReady: notReady.rows.map((r) => villa(r, null)),
      notReadyCount: notReady.count,
      arrivals: arrivals.map((r) => villa(r, r.next_check_in)),
      departures: departures.map((r) => villa(r, r.next_check_out)),
    };
  },
  copy: noDeviceCopy,
});

export const getPropertiesToday = async (): Promise<PropertiesToday> =>
  (await readOne(propertiesToday, 'today')).row!;

export const getPropertiesTodayQueryOptions = () =>
  queryOptions({ queryKey: propertyKeys.today(), queryFn: getPropertiesToday });

export function usePropertiesToday(enabled: boolean) {
  return useQuery({ ...getPropertiesTodayQueryOptions(), enabled });
}
