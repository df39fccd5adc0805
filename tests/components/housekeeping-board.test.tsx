// The housekeeping board (/housekeeping, docs/housekeeping.md "Screens"), rendered for real as the
// demo manager against the in-process backend: bulk assign on the day board, the auto-assign
// suggestion (a villa's default housekeeper keeps its clean), the week view's keyboard way to move
// a clean to another day, and the board offline - answered from this device's copy, an assignment
// queued and shown at once, then applied exactly once when the connection returns.
//
// Every test makes its own villas and ad-hoc cleans (the service client) on a day of its own far
// in the future, so no demo clean or other test's clean is on its board.
import { createClient } from '@supabase/supabase-js';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, inject, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { listEntries } from '@/offline/queue';
import { renderRoute, reportOffline, restartAt } from './render-route';

const MARIA = 'a11ce000-0000-4000-8000-000000000003';
const SOFIA = 'a11ce000-0000-4000-8000-000000000005';
const ANNA = 'a11ce000-0000-4000-8000-000000000006';
const NAMES: Record<string, string> = {
  [MARIA]: 'Maria Kritikou',
  [SOFIA]: 'Sofia Alexiou',
  [ANNA]: 'Anna Roussaki',
};

const apiUrl = inject('apiUrl');
// The backend as the office sees it, unaffected by the outage a test makes for the app.
const realFetch = globalThis.fetch.bind(globalThis);
const service = createClient(apiUrl, inject('serviceRoleKey'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
});

const villaIds: string[] = [];

afterEach(() => {
  cleanup();
  goOnline();
});

afterAll(async () => {
  // A villa with cleans has history: it is archived, as the app does (its days are far ahead).
  globalThis.fetch = realFetch;
  const { error } = await service.from('properties').update({ archived: true }).in('id', villaIds);
  if (error) throw error;
});

// 2041-01-07 is a Monday; this file's weeks start at a random one of the twenty years after it.
const FIRST_WEEK = Math.floor(Math.random() * 1000);
let weeksTaken = 0;
/** A Monday of its own, years ahead: nothing else is planned in its week. */
function ownMonday(): string {
  return addDays('2041-01-07', (FIRST_WEEK + 2 * weeksTaken++) * 7);
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

async function makeVilla(
  label: string,
  area = 'Test Bay, Milos',
): Promise<{ id: string; name: string }> {
  const code = `HB-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `${label} ${code}`.trim();
  const { data, error } = await service
    .from('properties')
    .insert({ code: code.toUpperCase(), name, area, bedrooms: 2 })
    .select('id')
    .single();
  if (error) throw error;
  villaIds.push(data.id);
  return { id: data.id, name };
}

let deepClean = '';
/** An ad-hoc deep clean of the villa on `day` (10:00-16:00 Athens time), optionally assigned. */
async function makeClean(
  villaId: string,
  day: string,
  { minutes = 120, assignee }: { minutes?: number; assignee?: string } = {},
): Promise<string> {
  if (!deepClean) {
    const type = await service
      .from('cleaning_types')
      .select('id')
      .eq('code', 'deep_clean')
      .single();
    if (type.error) throw type.error;
    deepClean = type.data.id;
  }
  const { data, error } = await service
    .from('cleaning_tasks')
    .insert({
      property_id: villaId,
      cleaning_type_id: deepClean,
      window_start: `${day}T08:00:00Z`,
      due_at: `${day}T14:00:00Z`,
      estimated_minutes: minutes,
    })
    .select('id,day')
    .single();
  if (error) throw error;
  expect(data.day).toBe(day);
  if (assignee) {
    const a = await service
      .from('cleaning_task_assignees')
      .insert({ task_id: data.id, user_id: assignee });
    if (a.error) throw a.error;
  }
  return data.id;
}

async function assigneesOf(taskIds: string[]): Promise<Map<string, string[]>> {
  const { data, error } = await service
    .from('cleaning_task_assignees')
    .select('task_id,user_id')
    .in('task_id', taskIds);
  if (error) throw error;
  const by = new Map<string, string[]>(taskIds.map((id) => [id, []]));
  for (const r of data) by.get(r.task_id)!.push(r.user_id);
  return by;
}

/** The day board's column whose heading starts with `name` ("Maria Kritikou (2)"). */
async function column(name: string): Promise<HTMLElement> {
  const board = await screen.findByTestId('day-board', {}, { timeout: 30_000 });
  // A housekeeper's column comes with the housekeepers' read, which may answer after the board's.
  return within(board).findByRole(
    'region',
    { name: new RegExp(`^${escape(name)} \\(\\d+\\)$`) },
    { timeout: 30_000 },
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cardName = (villa: string) => `${villa}, Deep clean`;

/** The backend unreachable for the app: the browser says offline and every request fails. */
let down: (() => void) | null = null;
function goOffline() {
  down = reportOffline();
}
function goOnline() {
  const backOnline = down;
  down = null;
  backOnline?.();
}
/** Requests under these paths wait until their gate opens (a slow answer, injected). */
const held = new Map<string, Promise<void>>();
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (down !== null && url.startsWith(apiUrl)) throw new TypeError('Failed to fetch');
  for (const [path, gate] of held) if (url.startsWith(`${apiUrl}${path}`)) await gate;
  return realFetch(input, init);
};

it(
  'assigns the ticked cleans to one housekeeper: they move to her column, one assignee each',
  { timeout: 120_000 },
  async () => {
    const day = ownMonday();
    const villas = [
      await makeVilla('Bulk A'),
      await makeVilla('Bulk B'),
      await makeVilla('Bulk C'),
    ];
    // One is Sofia's already: assigning it to Maria replaces her, it does not add a second.
    const ids = [
      await makeClean(villas[0]!.id, day),
      await makeClean(villas[1]!.id, day, { assignee: SOFIA }),
      await makeClean(villas[2]!.id, day),
    ];
    // A fourth clean of the day, not ticked, stays where it is.
    const other = await makeVilla('Bulk D');
    const untouched = await makeClean(other.id, day);

    await renderRoute(`/housekeeping?day=${day}`, 'manager');
    const unassigned = await column('Unassigned');
    await within(unassigned).findByRole(
      'article',
      { name: cardName(villas[2]!.name) },
      { timeout: 30_000 },
    );
    expect(within(unassigned).getAllByRole('article')).toHaveLength(3);
    within(await column(NAMES[SOFIA]!)).getByRole('article', { name: cardName(villas[1]!.name) });

    const user = userEvent.setup();
    const bulk = screen.getByRole('combobox', { name: 'Assign selected cleans to' });
    expect((bulk as HTMLSelectElement).disabled).toBe(true);
    for (const v of villas)
      await user.click(screen.getByRole('checkbox', { name: `Select ${v.name}` }));
    expect(within(bulk).getByRole('option', { name: 'Assign 3 selected to…' })).toBeTruthy();
    await user.selectOptions(bulk, NAMES[MARIA]!);

    expect(await screen.findByText('3 cleans assigned', {}, { timeout: 30_000 })).toBeTruthy();
    // (While the writes reach the server one by one, a refresh may show some cards back where
    // they were for a moment; the board ends with the server's answer.)
    await waitFor(
      async () => {
        const maria = await column(NAMES[MARIA]!);
        expect(maria.getAttribute('aria-label')).toBe(`${NAMES[MARIA]} (3)`);
        for (const v of villas) within(maria).getByRole('article', { name: cardName(v.name) });
      },
      { timeout: 30_000 },
    );
    expect((await column(NAMES[SOFIA]!)).getAttribute('aria-label')).toBe(`${NAMES[SOFIA]} (0)`);
    within(await column('Unassigned')).getByRole('article', { name: cardName(other.name) });
    // The selection is spent.
    expect(
      (screen.getByRole('checkbox', { name: `Select ${villas[0]!.name}` }) as HTMLInputElement)
        .checked,
    ).toBe(false);

    const server = await assigneesOf([...ids, untouched]);
    for (const id of ids) expect(server.get(id)).toEqual([MARIA]);
    expect(server.get(untouched)).toEqual([]);
  },
);

it(
  "suggests who does the day's unassigned cleans, keeps a villa with its default housekeeper, and applies what the manager accepts",
  { timeout: 120_000 },
  async () => {
    const day = ownMonday();
    // Anna is this villa's default housekeeper; nobody works in its area that day, and Sofia has
    // the fewest minutes: without the default the clean would be Sofia's.
    const annas = await makeVilla('Suggest Annas', 'Quiet Cove, Milos');
    const up = await service
      .from('property_housekeeping')
      .upsert({ property_id: annas.id, default_housekeeper_id: ANNA });
    if (up.error) throw up.error;
    const plain = [await makeVilla('Suggest B'), await makeVilla('Suggest C')];
    // Her villa's clean is the day's longest, so it is planned first (she keeps it unless she
    // already has much more work than the others).
    const annasClean = await makeClean(annas.id, day, { minutes: 180 });
    const plainCleans = [
      await makeClean(plain[0]!.id, day, { minutes: 90 }),
      await makeClean(plain[1]!.id, day, { minutes: 60 }),
    ];
    // Already assigned, so the suggestion leaves them alone: an hour of Anna's, two of Maria's.
    const busy = [await makeVilla('Suggest Annas Other'), await makeVilla('Suggest Marias')];
    const assigned = [
      await makeClean(busy[0]!.id, day, { minutes: 60, assignee: ANNA }),
      await makeClean(busy[1]!.id, day, { minutes: 120, assignee: MARIA }),
    ];

    // The villas' default housekeepers are slow to arrive: the suggestion waits for them (one made
    // without them would give Anna's villa to Sofia).
    let arrive = () => {};
    held.set('/rest/v1/property_housekeeping', new Promise<void>((resolve) => (arrive = resolve)));
    await renderRoute(`/housekeeping?day=${day}`, 'manager');
    const unassigned = await column('Unassigned');
    await within(unassigned).findByRole(
      'article',
      { name: cardName(plain[1]!.name) },
      { timeout: 30_000 },
    );
    expect(within(unassigned).getAllByRole('article')).toHaveLength(3);
    // Asked for before they arrive: the button says it is busy, and no suggestion is made yet.
    const suggest = screen.getByRole('button', { name: 'Suggest assignments' });
    const user = userEvent.setup();
    await user.click(suggest);
    expect(suggest.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Suggested assignments' })).toBeNull();
    held.clear();
    arrive();
    const panel = await screen.findByRole(
      'region',
      { name: 'Suggested assignments' },
      { timeout: 30_000 },
    );
    expect(suggest.getAttribute('aria-busy')).toBeNull();
    // One line per unassigned clean: the villa and who would do it.
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    for (const v of busy) expect(within(panel).queryByText(v.name)).toBeNull();
    const suggested = (villa: string) =>
      within(panel).getByRole('combobox', {
        name: `Suggested housekeeper for ${villa}`,
      }) as HTMLSelectElement;
    expect(suggested(annas.name).value).toBe(ANNA);
    const line = within(panel).getByText(annas.name).closest('li')!;
    expect(line.textContent).toContain(NAMES[ANNA]);

    // The manager changes one line, then accepts.
    const changed = suggested(plain[0]!.name).value === SOFIA ? MARIA : SOFIA;
    await user.selectOptions(suggested(plain[0]!.name), NAMES[changed]!);
    expect(suggested(plain[0]!.name).value).toBe(changed);
    const expected = new Map([
      [annasClean, ANNA],
      [plainCleans[0]!, changed],
      [plainCleans[1]!, suggested(plain[1]!.name).value],
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Accept suggestion' }));
    expect(screen.queryByRole('region', { name: 'Suggested assignments' })).toBeNull();

    // Every clean in its housekeeper's column, and nothing left unassigned.
    const villaOf = new Map([
      [annasClean, annas.name],
      [plainCleans[0]!, plain[0]!.name],
      [plainCleans[1]!, plain[1]!.name],
    ]);
    await waitFor(
      async () => {
        expect((await column('Unassigned')).getAttribute('aria-label')).toBe('Unassigned (0)');
        for (const [task, hk] of expected)
          within(await column(NAMES[hk]!)).getByRole('article', {
            name: cardName(villaOf.get(task)!),
          });
      },
      { timeout: 30_000 },
    );

    await waitFor(
      async () => {
        const server = await assigneesOf([...expected.keys(), ...assigned]);
        for (const [task, hk] of expected) expect(server.get(task)).toEqual([hk]);
        expect(server.get(assigned[0]!)).toEqual([ANNA]);
        expect(server.get(assigned[1]!)).toEqual([MARIA]);
      },
      { timeout: 30_000 },
    );
  },
);

it(
  "moves a clean to another day from the week view with the card's Day field",
  { timeout: 120_000 },
  async () => {
    const monday = ownMonday();
    const villa = await makeVilla('Week');
    const task = await makeClean(villa.id, monday);
    const wednesday = addDays(monday, 2);
    const label = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const dayColumn = (day: string, count: number) =>
      within(screen.getByTestId('week-board')).getByRole('region', {
        name: `${label.format(new Date(`${day}T12:00:00Z`))} (${count})`,
      });

    await renderRoute(`/housekeeping?view=week&day=${monday}`, 'manager');
    const week = await screen.findByTestId('week-board', {}, { timeout: 30_000 });
    await within(week).findByRole('article', { name: cardName(villa.name) }, { timeout: 30_000 });
    within(dayColumn(monday, 1)).getByRole('article', { name: cardName(villa.name) });

    // The keyboard way: the card's Day field, typed into (in the app's format, '25 Nov 2026';
    // read on Enter) and shown back in it.
    const user = userEvent.setup();
    const field = within(week).getByLabelText(`Move ${villa.name} to day`);
    const typed = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${wednesday}T12:00:00Z`));
    expect((field as HTMLInputElement).value).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await user.type(field, `${typed}{Enter}`, {
      initialSelectionStart: 0,
      initialSelectionEnd: (field as HTMLInputElement).value.length,
    });

    expect(await screen.findByText('Clean moved', {}, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() =>
      within(dayColumn(wednesday, 1)).getByRole('article', { name: cardName(villa.name) }),
    );
    expect(dayColumn(monday, 0)).toBeTruthy();

    const { data, error } = await service
      .from('cleaning_tasks')
      .select('day')
      .eq('id', task)
      .single();
    if (error) throw error;
    expect(data.day).toBe(wednesday);
  },
);

it(
  'offline, shows the board from this device, queues an assignment and shows it at once, then applies it once online',
  { timeout: 120_000 },
  async () => {
    const day = ownMonday();
    const villa = await makeVilla('Offline');
    const task = await makeClean(villa.id, day);
    const other = await makeVilla('Offline Other');
    await makeClean(other.id, day, { assignee: SOFIA });

    // Loaded once online: the board keeps its copy on this device.
    await renderRoute(`/housekeeping?day=${day}`, 'manager');
    await within(await column('Unassigned')).findByRole(
      'article',
      { name: cardName(villa.name) },
      { timeout: 30_000 },
    );
    await within(await column(NAMES[SOFIA]!)).findByRole('article', {
      name: cardName(other.name),
    });
    cleanup();

    // The app starts again with no connection (still signed in: only the cache is dropped).
    goOffline();
    restartAt(`/housekeeping?day=${day}`);
    expect(
      await screen.findByText(
        'Offline: showing the cleans saved on this device',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    const card = within(await column('Unassigned')).getByRole('article', {
      name: cardName(villa.name),
    });
    within(await column(NAMES[SOFIA]!)).getByRole('article', { name: cardName(other.name) });

    // Assigned with the card's select: on the board at once, and said to wait on this phone.
    const user = userEvent.setup();
    await user.selectOptions(
      within(card).getByRole('combobox', { name: `Assign ${villa.name}` }),
      NAMES[MARIA]!,
    );
    within(await column(NAMES[MARIA]!)).getByRole('article', { name: cardName(villa.name) });
    expect(
      await screen.findByText(
        'Clean assigned. Saved on this phone — will sync.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sync queue 1' })).toBeTruthy();
    const queued = await listEntries();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.target).toMatchObject({
      kind: 'table',
      name: 'cleaning_task_assignees',
      op: 'insert',
    });
    // The board, read again from this device once the save settled, still shows it (the queued
    // assignment lies on top of the copy).
    await waitFor(() =>
      expect(queryClient.isFetching({ queryKey: ['housekeeping', 'tasks'] })).toBe(0),
    );
    within(await column(NAMES[MARIA]!)).getByRole('article', { name: cardName(villa.name) });
    expect((await column('Unassigned')).getAttribute('aria-label')).toBe('Unassigned (0)');
    expect((await assigneesOf([task])).get(task)).toEqual([]);

    // Started offline too: the status move is queued and, read again, still shows.
    const mine = async () =>
      within(await column(NAMES[MARIA]!)).getByRole('article', { name: cardName(villa.name) });
    await user.click(within(await mine()).getByRole('button', { name: 'Start' }));
    await waitFor(async () => expect(await listEntries()).toHaveLength(2), { timeout: 30_000 });
    await waitFor(() =>
      expect(queryClient.isFetching({ queryKey: ['housekeeping', 'tasks'] })).toBe(0),
    );
    await queryClient.refetchQueries({ queryKey: ['housekeeping', 'tasks'] });
    within(await mine()).getByText('In progress');

    // Back online: the queue is sent, once.
    act(() => goOnline());
    await waitFor(async () => expect(await listEntries()).toHaveLength(0), { timeout: 30_000 });
    expect((await assigneesOf([task])).get(task)).toEqual([MARIA]);
    const { data: started } = await service
      .from('cleaning_tasks')
      .select('status')
      .eq('id', task)
      .single();
    expect(started?.status).toBe('in_progress');
    const { data: applied, error } = await service
      .from('sync_mutations')
      .select('table_name,row_key,operation')
      .eq('mutation_id', queued[0]!.mutationId);
    if (error) throw error;
    expect(applied).toEqual([
      {
        table_name: 'cleaning_task_assignees',
        row_key: queued[0]!.target.rowId,
        operation: 'INSERT',
      },
    ]);
    await waitFor(
      () =>
        expect(screen.queryByText('Offline: showing the cleans saved on this device')).toBeNull(),
      { timeout: 30_000 },
    );
    within(await column(NAMES[MARIA]!)).getByRole('article', { name: cardName(villa.name) });
  },
);

// --- checklist progress, live (issue 16) -----------------------------------------------------------

/** A checklist of its own: three required items (tick, yes/no, photo) and an optional text. */
async function makeChecklist(): Promise<string> {
  const template = await service
    .from('checklist_templates')
    .insert({
      name: `Progress ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
    })
    .select('id')
    .single();
  if (template.error) throw template.error;
  const content = {
    sections: [
      {
        id: 'room',
        title: 'Room',
        items: [
          { id: 'bed', label: 'Make the bed', kind: 'tick', required: true, critical: false },
          { id: 'keys', label: 'Keys in the safe', kind: 'yes_no', required: true, critical: true },
          {
            id: 'photo',
            label: 'Photo of the room',
            kind: 'photo',
            required: true,
            critical: false,
          },
          { id: 'note', label: 'Anything to add', kind: 'text', required: false, critical: false },
        ],
      },
    ],
  };
  const version = await service
    .from('checklist_template_versions')
    .insert({ template_id: template.data.id, content })
    .select('id')
    .single();
  if (version.error) throw version.error;
  return version.data.id;
}

/** Maria, the demo housekeeper, on a device of her own (her own session, the real backend). */
async function housekeeperClient() {
  const client = createClient(apiUrl, import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY as string, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: 'maria-phone',
    },
    global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
  });
  const { error } = await client.auth.signInWithPassword({
    email: 'housekeeper@arivia.local',
    password: 'arivia-demo',
  });
  if (error) throw error;
  return client;
}
type Client = Awaited<ReturnType<typeof housekeeperClient>>;

/** A clean of Maria's with the given checklist, inspected when done. */
async function makeChecklistClean(villaId: string, day: string, versionId: string) {
  const id = await makeClean(villaId, day, { assignee: MARIA });
  const { data, error } = await service
    .from('cleaning_tasks')
    .update({ checklist_version_id: versionId, inspection_required: true })
    .eq('id', id)
    .select('version,items_total')
    .single();
  if (error) throw error;
  expect(data.items_total).toBe(4);
  return { id, version: data.version as number };
}

async function move(client: Client, taskId: string, to: string, fromVersion: number) {
  const { error } = await client.rpc('transition_cleaning_task', {
    task_id: taskId,
    to_status: to,
    from_version: fromVersion,
  });
  if (error) throw error;
}

async function answer(client: Client, taskId: string, itemId: string, value: unknown) {
  const { error } = await client.rpc('answer_checklist_item', {
    task_id: taskId,
    item_id: itemId,
    value,
    answered_at: new Date().toISOString(),
  });
  if (error) throw error;
}

/** A small JPEG-typed file uploaded to the clean's photos and recorded for the item. */
async function photograph(client: Client, taskId: string, itemId: string) {
  const photoId = crypto.randomUUID();
  const path = `${taskId}/${photoId}.jpg`;
  const bytes = new Uint8Array(2048).map((_, i) => (i * 31) & 255);
  const up = await client.storage
    .from('clean-photos')
    .upload(path, new Blob([bytes], { type: 'image/jpeg' }), { contentType: 'image/jpeg' });
  if (up.error) throw up.error;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const { error } = await client.rpc('record_checklist_photo', {
    photo_id: photoId,
    task_id: taskId,
    item_id: itemId,
    storage_path: path,
    bytes: bytes.length,
    sha256: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join(''),
  });
  if (error) throw error;
}

/** The card's checklist bar: its "done of total" as the screen reader hears it. */
async function progressOf(card: HTMLElement): Promise<string | null> {
  const bar = within(card).queryByRole('progressbar');
  return bar?.getAttribute('aria-valuetext') ?? null;
}

it(
  "shows each clean's checklist progress live as the housekeeper's answers and photos arrive, and a done clean awaiting inspection with the way to inspect it",
  { timeout: 120_000 },
  async () => {
    const day = ownMonday();
    const villa = await makeVilla('Progress');
    const version = await makeChecklist();
    const clean = await makeChecklistClean(villa.id, day, version);
    const maria = await housekeeperClient();

    await renderRoute(`/housekeeping?day=${day}`, 'manager');
    const card = async () =>
      within(await column(NAMES[MARIA]!)).findByRole(
        'article',
        { name: cardName(villa.name) },
        { timeout: 30_000 },
      );
    // Not started: no progress yet.
    within(await card()).getByText('Scheduled');
    expect(await progressOf(await card())).toBeNull();

    // On her phone, elsewhere: she starts the clean, the board follows without a reload.
    await move(maria, clean.id, 'in_progress', clean.version);
    await waitFor(async () => within(await card()).getByText('In progress'), { timeout: 30_000 });
    await waitFor(
      async () => expect(await progressOf(await card())).toBe('0 of 4 items done, 0 photos'),
      { timeout: 30_000 },
    );
    within(await card()).getByText('0/4 items');

    // Her answers (answers change neither the clean's status nor its version).
    await answer(maria, clean.id, 'bed', true);
    await answer(maria, clean.id, 'keys', true);
    await waitFor(
      async () => expect(await progressOf(await card())).toBe('2 of 4 items done, 0 photos'),
      { timeout: 30_000 },
    );
    const bar = within(await card()).getByRole('progressbar', {
      name: `Checklist of ${villa.name}`,
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    within(await card()).getByText('2/4 items');

    // The photo item is done by its photo.
    await photograph(maria, clean.id, 'photo');
    await waitFor(
      async () => expect(await progressOf(await card())).toBe('3 of 4 items done, 1 photo'),
      { timeout: 30_000 },
    );
    within(await card()).getByText('1 photo');

    // Finished (the optional item left): done, awaiting inspection, with the way to inspect it.
    await move(maria, clean.id, 'done', clean.version + 1);
    await waitFor(async () => within(await card()).getByText('Awaiting inspection'), {
      timeout: 30_000,
    });
    within(await card()).getByText('Done');
    expect(await progressOf(await card())).toBe('3 of 4 items done, 1 photo');
    const inspect = within(await card()).getByRole('link', { name: `Inspect ${villa.name}` });
    expect(inspect.getAttribute('href')).toBe(`/housekeeping/cleans/${clean.id}`);
    // The manager's card offers no quick "Pass inspection": the clean is inspected on its view.
    expect(within(await card()).queryByRole('button', { name: /inspection/i })).toBeNull();
    await maria.auth.signOut({ scope: 'local' });
  },
);

it(
  "shows the progress on the list and on the villa's Cleans section, which follows the housekeeper live too",
  { timeout: 120_000 },
  async () => {
    // Within the villa page's next 30 days (the villa is this test's own: nothing else is on it).
    const day = addDays(new Date().toISOString().slice(0, 10), 3);
    const villa = await makeVilla('Progress Villa');
    const version = await makeChecklist();
    const clean = await makeChecklistClean(villa.id, day, version);
    const maria = await housekeeperClient();
    await move(maria, clean.id, 'in_progress', clean.version);
    await answer(maria, clean.id, 'bed', true);

    // The list: a Progress column.
    await renderRoute(`/housekeeping?view=list&day=${day}&from=${day}&to=${day}`, 'manager');
    const row = await screen.findByRole(
      'row',
      { name: new RegExp(escape(villa.name)) },
      {
        timeout: 30_000,
      },
    );
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '1 of 4 items done, 0 photos',
    );
    cleanup();

    // The villa's page: its Cleans section shows the progress and follows her answers.
    await renderRoute(`/properties/${villa.id}`, 'manager');
    const upcoming = await screen.findByRole(
      'region',
      { name: 'Upcoming cleans' },
      { timeout: 30_000 },
    );
    const item = within(upcoming).getByRole('listitem', { name: `Deep clean, ${day}` });
    expect(within(item).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '1 of 4 items done, 0 photos',
    );
    await answer(maria, clean.id, 'keys', false);
    await waitFor(
      () =>
        expect(
          within(
            within(screen.getByRole('region', { name: 'Upcoming cleans' })).getByRole('listitem', {
              name: `Deep clean, ${day}`,
            }),
          )
            .getByRole('progressbar')
            .getAttribute('aria-valuetext'),
        ).toBe('2 of 4 items done, 0 photos'),
      { timeout: 30_000 },
    );
    within(screen.getByRole('region', { name: 'Upcoming cleans' })).getByText('2/4 items');
    await maria.auth.signOut({ scope: 'local' });
  },
);
