// The housekeeper's checklist run (/housekeeping/cleans/:id, docs/housekeeping.md "Field app"),
// rendered for real as the demo housekeeper against the in-process backend: every answer kind
// saved through the sync queue, finishing refused while required items are missing (they are
// named and the first is focused), answers given offline queued and laid over the device's copy
// after a restart, then applied once; a photo queued as its upload and its record; an inspector's
// send back said as one; and My route.
//
// Every test makes its own villa, checklist and clean (the service client), assigned to Maria.
import { createClient } from '@supabase/supabase-js';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, inject, it } from 'vitest';
import { listEntries } from '@/offline/queue';
import { renderRoute, reportOffline, restartAt } from './render-route';

const MARIA = 'a11ce000-0000-4000-8000-000000000003';

const apiUrl = inject('apiUrl');
const realFetch = globalThis.fetch.bind(globalThis);
const service = createClient(apiUrl, inject('serviceRoleKey'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
});

let down: (() => void) | null = null;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (down !== null && url.startsWith(apiUrl)) throw new TypeError('Failed to fetch');
  return realFetch(input, init);
};
function goOffline() {
  down = reportOffline();
}
function goOnline() {
  const restore = down;
  down = null;
  restore?.();
}

const villaIds: string[] = [];
afterEach(() => {
  cleanup();
  goOnline();
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await service.from('properties').update({ archived: true }).in('id', villaIds);
});

const CONTENT = {
  sections: [
    {
      id: 'kitchen',
      title: 'Kitchen',
      items: [
        { id: 'k-fridge', label: 'Fridge emptied', kind: 'tick', required: true, critical: false },
        { id: 'k-gas', label: 'Gas off', kind: 'yes_no', required: true, critical: true },
      ],
    },
    {
      id: 'pool',
      title: 'Pool',
      items: [
        {
          id: 'p-ph',
          label: 'Pool pH',
          kind: 'number',
          required: true,
          critical: false,
          min: 7,
          max: 7.6,
        },
        { id: 'p-note', label: 'Pool notes', kind: 'text', required: false, critical: false },
        { id: 'p-photo', label: 'Pool photo', kind: 'photo', required: true, critical: false },
      ],
    },
  ],
};

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(new Date());
}

/** A villa of its own, a checklist of every kind, and a clean of it assigned to Maria. */
async function makeClean(status: 'scheduled' | 'in_progress' = 'scheduled') {
  const code = `CR-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Run ${code}`;
  const villa = await service
    .from('properties')
    .insert({ code: code.toUpperCase(), name, area: 'Test Bay, Milos', bedrooms: 2 })
    .select('id')
    .single();
  if (villa.error) throw villa.error;
  villaIds.push(villa.data.id);
  const tpl = await service
    .from('checklist_templates')
    .insert({ name: `Run test ${code}` })
    .select('id')
    .single();
  if (tpl.error) throw tpl.error;
  const version = await service
    .from('checklist_template_versions')
    .insert({ template_id: tpl.data.id, content: CONTENT })
    .select('id')
    .single();
  if (version.error) throw version.error;
  const type = await service.from('cleaning_types').select('id').eq('code', 'deep_clean').single();
  if (type.error) throw type.error;
  const day = today();
  const clean = await service
    .from('cleaning_tasks')
    .insert({
      property_id: villa.data.id,
      cleaning_type_id: type.data.id,
      window_start: `${day}T06:00:00Z`,
      due_at: `${day}T20:00:00Z`,
      estimated_minutes: 120,
      checklist_version_id: version.data.id,
    })
    .select('id,version')
    .single();
  if (clean.error) throw clean.error;
  const a = await service
    .from('cleaning_task_assignees')
    .insert({ task_id: clean.data.id, user_id: MARIA });
  if (a.error) throw a.error;
  if (status === 'in_progress') {
    const s = await service
      .from('cleaning_tasks')
      .update({ status: 'in_progress', started_at: new Date().toISOString() })
      .eq('id', clean.data.id);
    if (s.error) throw s.error;
  }
  return { id: clean.data.id, villa: name, villaId: villa.data.id };
}

async function answersOf(taskId: string) {
  const { data, error } = await service
    .from('cleaning_task_answers')
    .select('item_id,value,flagged,out_of_range,failed')
    .eq('task_id', taskId);
  if (error) throw error;
  return new Map(data.map((r) => [r.item_id, r]));
}

async function statusOf(taskId: string) {
  const { data, error } = await service
    .from('cleaning_tasks')
    .select('status,items_done,items_total,photos_count')
    .eq('id', taskId)
    .single();
  if (error) throw error;
  return data;
}

const item = (id: string) => document.getElementById(`item-${id}`)!;

it(
  'starts the clean, answers every kind, flags out of range, and refuses to finish with required items missing',
  { timeout: 120_000 },
  async () => {
    const clean = await makeClean();
    await renderRoute(`/housekeeping/cleans/${clean.id}`, 'housekeeper');
    await screen.findByRole('heading', { level: 1, name: clean.villa }, { timeout: 30_000 });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Start clean' }));
    await waitFor(async () => expect((await statusOf(clean.id)).status).toBe('in_progress'), {
      timeout: 20_000,
    });

    // Kitchen: a tick and a yes / no.
    await user.click(await screen.findByRole('checkbox', { name: /Fridge emptied/ }));
    const gas = within(item('k-gas'));
    await user.click(gas.getByRole('radio', { name: 'Yes' }));

    // Finishing now is refused: the pool's items are named, the first one is focused.
    await user.click(screen.getByRole('button', { name: 'Finish clean' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Pool: Pool pH');
    expect(alert.textContent).toContain('Pool: Pool photo');
    expect(alert.textContent).not.toContain('Pool notes');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(item('p-ph')).getByRole('spinbutton')),
    );

    // Pool: out of range is shown, text saved on leaving the field.
    const ph = within(item('p-ph')).getByRole('spinbutton');
    await user.type(ph, '8.2');
    fireEvent.blur(ph);
    expect(await within(item('p-ph')).findByText('Out of range')).toBeTruthy();
    expect(within(item('p-ph')).getByRole('button', { name: 'Report a problem' })).toBeTruthy();
    const notes = within(item('p-note')).getByRole('textbox');
    await user.type(notes, 'Leaves in the skimmer');
    fireEvent.blur(notes);

    await waitFor(
      async () => {
        const a = await answersOf(clean.id);
        expect(a.get('k-fridge')?.value).toBe(true);
        expect(a.get('k-gas')?.value).toBe(true);
        expect(a.get('p-ph')).toMatchObject({ value: 8.2, out_of_range: true, failed: true });
        expect(a.get('p-note')?.value).toBe('Leaves in the skimmer');
      },
      { timeout: 20_000 },
    );

    // The server refuses to finish too (the photo is missing): the clean stays in progress.
    const refused = await service.rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: 'done',
      from_version: 2,
    });
    expect(refused.error).toBeTruthy();
    expect((await statusOf(clean.id)).status).toBe('in_progress');
  },
);

it(
  'answers given offline are queued, kept over a restart and applied once; a photo is queued as its upload and record',
  { timeout: 120_000 },
  async () => {
    const clean = await makeClean('in_progress');
    await renderRoute(`/housekeeping/cleans/${clean.id}`, 'housekeeper');
    await screen.findByRole('heading', { level: 1, name: clean.villa }, { timeout: 30_000 });
    // Opened once with signal: the run is on the device. Now no signal.
    goOffline();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Fridge emptied/ }));
    await user.click(within(item('k-gas')).getByRole('radio', { name: 'No' }));
    expect(
      await within(item('k-gas')).findByRole('button', { name: 'Report a problem' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Pool/ }));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'pool.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(item('p-photo')).getByLabelText('Photo: Pool photo'), file);
    expect(
      await within(item('p-photo')).findByRole('img', { name: /Pool photo, photo 1/ }),
    ).toBeTruthy();

    await waitFor(async () => {
      const entries = (await listEntries()).filter(
        (e) => e.url.includes('') && e.status === 'pending',
      );
      const mine = entries.filter(
        (e) =>
          (e.values as { task_id?: string } | undefined)?.task_id === clean.id ||
          (e.target.kind === 'storage' && e.target.rowId?.startsWith(clean.id)),
      );
      const kinds = mine.map((e) => `${e.target.kind}:${e.target.name}`);
      expect(kinds.filter((k) => k === 'rpc:answer_checklist_item')).toHaveLength(3);
      expect(kinds).toContain('storage:clean-photos');
      expect(kinds).toContain('rpc:record_checklist_photo');
      // One entry per answer, each with its own mutation id.
      expect(new Set(mine.map((e) => e.mutationId)).size).toBe(mine.length);
    });

    // The app again, still offline: the answers are laid over the device's copy.
    cleanup();
    restartAt(`/housekeeping/cleans/${clean.id}`);
    await screen.findByRole('heading', { level: 1, name: clean.villa }, { timeout: 30_000 });
    expect(
      ((await screen.findByRole('checkbox', { name: /Fridge emptied/ })) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (within(item('k-gas')).getByRole('radio', { name: 'No' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(item('k-gas')).getByText('Saved on this phone')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Overall progress' }).getAttribute('aria-valuenow'),
    ).toBe('3');

    // Back online: everything lands, once.
    await act(async () => goOnline());
    await waitFor(
      async () => {
        const a = await answersOf(clean.id);
        expect(a.get('k-fridge')?.value).toBe(true);
        expect(a.get('k-gas')).toMatchObject({ value: false, failed: true });
        expect(a.get('p-photo')?.value).toBe(true);
        const s = await statusOf(clean.id);
        expect(s.photos_count).toBe(1);
        expect(s.items_done).toBe(3);
      },
      { timeout: 40_000 },
    );
    const photos = await service
      .from('cleaning_task_photos')
      .select('storage_path,bytes,sha256')
      .eq('task_id', clean.id);
    expect(photos.data).toHaveLength(1);
    expect(photos.data![0]!.bytes).toBe(4);
    await waitFor(async () => {
      const left = (await listEntries()).filter(
        (e) => (e.values as { task_id?: string } | undefined)?.task_id === clean.id,
      );
      expect(left).toHaveLength(0);
    });
  },
);

it(
  "an inspector's send back says the clean was sent back, not started",
  { timeout: 90_000 },
  async () => {
    // A finished clean waiting for its inspection (made with the service key).
    const clean = await makeClean('in_progress');
    const done = await service
      .from('cleaning_tasks')
      .update({ status: 'done', inspection_required: true, finished_at: new Date().toISOString() })
      .eq('id', clean.id);
    if (done.error) throw done.error;
    await renderRoute(`/housekeeping/cleans/${clean.id}`, 'manager');
    await screen.findByRole('heading', { level: 1, name: clean.villa }, { timeout: 30_000 });
    const user = userEvent.setup();
    const inspection = await screen.findByRole('region', { name: 'Inspection' });
    await user.click(within(inspection).getByRole('button', { name: 'Send back' }));
    await user.type(within(inspection).getByLabelText('What needs doing again'), 'Pool not done');
    await user.click(
      within(inspection).getByRole('button', { name: 'Send back to the housekeeper' }),
    );

    // Its toast is decided from the move asked for (done -> in progress), not from the run once
    // the move's patch has put it in progress (which said "Clean started").
    expect(await screen.findByText('Clean sent back', {}, { timeout: 30_000 })).toBeTruthy();
    expect((await statusOf(clean.id)).status).toBe('in_progress');
  },
);

it(
  'My route lists her clean of today with its progress and directions',
  { timeout: 90_000 },
  async () => {
    const clean = await makeClean();
    await service
      .from('properties')
      .update({ address: 'Adamas harbour, Milos' })
      .eq('id', clean.villaId);
    await renderRoute('/housekeeping', 'housekeeper');
    await screen.findByRole('heading', { level: 1, name: 'My route' }, { timeout: 30_000 });
    const card = await screen.findByRole(
      'article',
      { name: `${clean.villa}, Deep clean` },
      { timeout: 30_000 },
    );
    const directions = within(card).getByRole('link', { name: `Directions to ${clean.villa}` });
    expect(directions.getAttribute('href')).toContain('Adamas%20harbour');
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(
      within(card)
        .getByRole('link', { name: `Start ${clean.villa}` })
        .getAttribute('href'),
    ).toBe(`/housekeeping/cleans/${clean.id}`);
    expect(
      await screen.findByText(/Ready for offline: \d+ cleans?, updated/, {}, { timeout: 30_000 }),
    ).toBeTruthy();
  },
);
