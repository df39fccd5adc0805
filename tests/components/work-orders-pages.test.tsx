// Maintenance reads what it shows (docs/maintenance.md "How the screen reads"), rendered for real
// against the in-process backend with 680 more work orders at one villa of an area of its own, 60
// of them the demo technician's: his first screen (Mine) asks for one page of my_work_orders(),
// never the work orders themselves, and counts all of Mine; the manager's list asks for one page
// with the filters in the request and counts them; the board asks each column for its first few.
// Every work-order request of these screens asks for at most one page of rows. Offline, Mine
// answers from the rows its page kept, marked as the device's copy.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { workOrderKind } from '@/domain/work-orders/reads';
import { keptRowsOf } from '@/offline/resource';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

const TECHNICIAN = 'a11ce000-0000-4000-8000-000000000004';
const OPEN = ['open', 'assigned', 'in_progress', 'on_hold'] as const;
const UNASSIGNED = 620;
const HIS = 60;

withOutages();
const apiUrl = inject('apiUrl');
/** The app's requests to the work orders (table or Mine's function), as sent. */
const requests: URL[] = [];
const outageFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (
    url.startsWith(`${apiUrl}/rest/v1/work_orders`) ||
    url.startsWith(`${apiUrl}/rest/v1/rpc/my_work_orders`)
  )
    requests.push(new URL(url));
  return outageFetch(input, init);
};

let villaId = '';
const area = `Proof Bay ${Date.now().toString(36)}, Paros`;

beforeAll(async () => {
  const code = `PG-${Date.now().toString(36)}`.toUpperCase();
  const villa = await service
    .from('properties')
    .insert({ code, name: `Pages Villa ${code}`, area, bedrooms: 3 })
    .select('id')
    .single();
  if (villa.error) throw villa.error;
  villaId = villa.data.id;
  const rows = [
    ...Array.from({ length: UNASSIGNED }, (_, i) => ({
      property_id: villaId,
      title: `Loose tile ${i + 1}`,
      priority: 'low' as const,
      status: 'open' as const,
      assignee_id: null,
    })),
    ...Array.from({ length: HIS }, (_, i) => ({
      property_id: villaId,
      title: `Shutter stuck ${i + 1}`,
      priority: 'low' as const,
      status: 'assigned' as const,
      assignee_id: TECHNICIAN,
    })),
  ];
  const made = await service.from('work_orders').insert(rows);
  if (made.error) throw made.error;
}, 120_000);

afterEach(() => {
  cleanup();
  backOnline();
  requests.length = 0;
});

afterAll(async () => {
  endOutages();
  if (villaId) await service.from('properties').delete().eq('id', villaId);
});

/** Each request's rows asked for: PostgREST's `limit` (supabase-js's range), or none. */
function expectPaged(max: number) {
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    const limit = Number(r.searchParams.get('limit'));
    // The message names the request, so a failure says which read asked for too much.
    expect(
      limit > 0 && limit <= max,
      `${r.pathname}${r.search} asks for ${limit || 'all'} rows`,
    ).toBe(true);
  }
}

/** All of Mine as the server has it, counted apart from the app's read. */
async function mineTotal(): Promise<number> {
  const his = await service.from('work_orders').select('property_id').eq('assignee_id', TECHNICIAN);
  if (his.error) throw his.error;
  const villas = await service
    .from('properties')
    .select('area')
    .in('id', [...new Set(his.data.map((w: { property_id: string }) => w.property_id))]);
  if (villas.error) throw villas.error;
  const areas = [
    ...new Set(villas.data.map((v: { area: string }) => v.area.trim()).filter(Boolean)),
  ];
  const own = await service
    .from('work_orders')
    .select('id', { count: 'exact', head: true })
    .eq('assignee_id', TECHNICIAN)
    .in('status', OPEN);
  const unassigned = await service
    .from('work_orders')
    .select('id,property:properties!inner(area)', { count: 'exact', head: true })
    .eq('status', 'open')
    .is('assignee_id', null)
    .in('property.area', areas);
  if (own.error || unassigned.error) throw own.error ?? unassigned.error;
  return (own.count ?? 0) + (unassigned.count ?? 0);
}

const count = (n: number) => `${n} work orders`;
/** The screen's count line ("n work orders"). */
const shownCount = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent ?? '')
    .find((text) => /^\d+ work orders?$/.test(text));

it(
  "the technician's Mine reads one page of his queue, with the whole count and his areas",
  { timeout: 120_000 },
  async () => {
    const expected = await mineTotal();
    expect(expected).toBeGreaterThan(HIS + UNASSIGNED - 1);
    await renderRoute('/maintenance', 'technician');
    const list = await screen.findByTestId('work-order-list', {}, { timeout: 30_000 });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(50), {
      timeout: 30_000,
    });
    expect(shownCount()).toBe(count(expected));
    expect(screen.getByText(`Page 1 of ${Math.ceil(expected / 50)}`)).toBeTruthy();
    expect(document.getElementById('mine-areas')?.textContent).toContain(area);

    // One page of Mine's function; the work orders themselves are never read whole.
    expect(requests.some((r) => r.pathname.endsWith('/rpc/my_work_orders'))).toBe(true);
    expect(requests.some((r) => r.pathname.endsWith('/work_orders'))).toBe(false);
    expectPaged(50);

    // Offline, the queue answers from what its page kept, as this device's copy.
    // The page's copy is saved after it answers: wait for its 50 rows on this device.
    await waitFor(
      async () => expect((await keptRowsOf(workOrderKind)).length).toBeGreaterThanOrEqual(50),
      { timeout: 30_000 },
    );
    cleanup();
    goOffline();
    restartAt('/maintenance');
    expect(
      await screen.findByText(
        'No connection: showing the work orders as this device last saw them.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    const offline = await screen.findByTestId('work-order-list');
    await waitFor(() => expect(within(offline).getAllByRole('article').length).toBeGreaterThan(0), {
      timeout: 30_000,
    });
    expect(within(offline).getAllByRole('article').length).toBeLessThanOrEqual(50);
  },
);

it(
  "the manager's list reads one page with its filters in the request, and the right count",
  { timeout: 120_000 },
  async () => {
    await renderRoute(`/maintenance?view=list&villa=${villaId}&priority=low`, 'manager');
    const list = await screen.findByTestId('work-order-list', {}, { timeout: 30_000 });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(50), {
      timeout: 30_000,
    });
    await waitFor(() => expect(shownCount()).toBe(count(UNASSIGNED + HIS)), { timeout: 30_000 });
    const first = requests.find((r) => r.searchParams.get('property_id') === `eq.${villaId}`)!;
    expect(first.searchParams.get('priority')).toBe('eq.low');
    expect(first.searchParams.get('status')).toBe('neq.closed');
    expect(first.searchParams.get('order')).toBe(
      'priority.desc,due_at.asc.nullslast,created_at.asc,id.asc',
    );

    // The next page is the next 50, asked of the server.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 14', {}, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.searchParams.get('offset') === '50')), {
      timeout: 30_000,
    });

    // Unassigned, on the server: the 620.
    cleanup();
    restartAt(`/maintenance?view=list&villa=${villaId}&assignee=none`);
    await waitFor(() => expect(shownCount()).toBe(count(UNASSIGNED)), { timeout: 30_000 });
    expect(requests.some((r) => r.searchParams.get('assignee_id') === 'is.null')).toBe(true);
    expectPaged(50);
  },
);

it(
  'the board reads each column its first few and its count, and links to the rest',
  { timeout: 120_000 },
  async () => {
    await renderRoute(`/maintenance?view=board&villa=${villaId}`, 'manager');
    const board = await screen.findByTestId('work-order-board', {}, { timeout: 30_000 });
    const open = await within(board).findByRole(
      'region',
      { name: `Open (${UNASSIGNED})` },
      { timeout: 30_000 },
    );
    expect(within(open).getAllByRole('article')).toHaveLength(10);
    expect(within(open).getByRole('button', { name: `Show all ${UNASSIGNED} in the list` }));
    // Each column reads on its own: the second may answer after the first.
    const assigned = await within(board).findByRole(
      'region',
      { name: `Assigned (${HIS})` },
      { timeout: 30_000 },
    );
    expect(within(assigned).getAllByRole('article')).toHaveLength(10);
    expectPaged(10);
  },
);
