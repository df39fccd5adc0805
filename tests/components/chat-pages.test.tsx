// A conversation's pages and live updates at volume (docs/chat.md "A conversation", "Live"):
// older pages by keyset on (created_at, id), so messages sharing a created_at at a page's edge
// are each shown once; and a busy channel's new messages patched into the view from the realtime
// payload, not a refetch of every page per message.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeEach, expect, inject, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, signInAs } from './render-route';

afterEach(cleanup);

const SLOW = { timeout: 15_000 };
const NIKOS = 'a11ce000-0000-4000-8000-000000000002';

const apiUrl = inject('apiUrl');
const realFetch = globalThis.fetch.bind(globalThis);
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const service = createClient(apiUrl, inject('serviceRoleKey'), {
  auth: noSession,
  global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
});

/** The app's reads of messages (the pages), as sent: counted per test. */
const messageReads: URL[] = [];
/** The app's requests in flight, and when the last one started or ended. */
let inFlight = 0;
let lastActivity = Date.now();
const appFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(`${apiUrl}/rest/v1/messages`) && (init?.method ?? 'GET') === 'GET')
    messageReads.push(new URL(url));
  inFlight += 1;
  lastActivity = Date.now();
  try {
    return await appFetch(input, init);
  } finally {
    inFlight -= 1;
    lastActivity = Date.now();
  }
};

/**
 * Resolves once the app has had no request in flight for `quietMs` (its throttled list read waits
 * at most a second): what it was going to read after a burst, it has read.
 */
const networkIdle = (quietMs = 1_200) =>
  waitFor(
    () => {
      expect(inFlight).toBe(0);
      expect(Date.now() - lastActivity).toBeGreaterThanOrEqual(quietMs);
    },
    { timeout: 20_000, interval: 100 },
  );
beforeEach(() => {
  messageReads.length = 0;
});

const made: string[] = [];
afterAll(async () => {
  if (made.length > 0) await service.from('conversations').delete().in('id', made);
});

/** An open channel of its own (everyone with chat.use reads it), made as the office would. */
async function channel(what: string): Promise<string> {
  const { data, error } = await service
    .from('conversations')
    .insert({ kind: 'channel', name: `${what} ${crypto.randomUUID().slice(0, 8)}` })
    .select('id')
    .single();
  if (error) throw error;
  made.push(data.id);
  return data.id;
}

/** Maria, the demo housekeeper, on a phone of her own. */
async function mariaClient() {
  const client = createClient(apiUrl, import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY as string, {
    auth: { ...noSession, storageKey: 'maria-phone-pages' },
    global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
  });
  const { error } = await client.auth.signInWithPassword({
    email: 'housekeeper@arivia.local',
    password: 'arivia-demo',
  });
  if (error) throw error;
  return client;
}

const bodiesShown = (list: HTMLElement) =>
  within(list)
    .queryAllByText(/^Shared second #\d+$|^Live #\d+ /)
    .map((e) => e.textContent ?? '');

it('loads older pages by (created_at, id): 130 messages sharing 3 timestamps, each shown once', async () => {
  const id = await channel('Keyset');
  // 130 messages in three bursts of one created_at each (an import, one transaction): every page
  // edge (50, 100) falls inside a burst.
  const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, s)).toISOString();
  const rows = Array.from({ length: 130 }, (_, i) => ({
    conversation_id: id,
    author_id: NIKOS,
    body: `Shared second #${i}`,
    created_at: at(i < 40 ? 0 : i < 95 ? 1 : 2),
  }));
  const { error } = await service.from('messages').insert(rows);
  if (error) throw error;

  await renderRoute(`/team-chat?c=${id}`, 'manager');
  const list = await screen.findByTestId('chat-messages', {}, SLOW);
  await waitFor(() => expect(bodiesShown(list)).toHaveLength(50), SLOW);
  const user = userEvent.setup();
  for (const expected of [100, 130]) {
    await user.click(await within(list).findByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(bodiesShown(list)).toHaveLength(expected), SLOW);
  }
  await waitFor(() =>
    expect(within(list).queryByRole('button', { name: 'Load older messages' })).toBeNull(),
  );
  const shown = bodiesShown(list);
  expect(new Set(shown).size).toBe(130);
  // Every message of the 130 is there exactly once.
  expect([...shown].sort()).toEqual(rows.map((r) => r.body).sort());
}, 60_000);

it("patches a busy channel's new messages into the view: each once, in order, without a page read per message", async () => {
  const id = await channel('Busy');
  const { error } = await service
    .from('messages')
    .insert({ conversation_id: id, author_id: NIKOS, body: 'Shared second #0' });
  if (error) throw error;
  await renderRoute(`/team-chat?c=${id}`, 'manager');
  const list = await screen.findByTestId('chat-messages', {}, SLOW);
  await within(list).findByText('Shared second #0', {}, SLOW);
  // The first reads (the page, the list) have settled.
  await networkIdle();
  messageReads.length = 0;

  const maria = await mariaClient();
  const N = 20;
  const tag = crypto.randomUUID().slice(0, 6);
  for (let i = 0; i < N; i++) {
    const { error: e } = await maria.rpc('send_message', {
      conversation_id: id,
      body: `Live #${i} ${tag}`,
    });
    if (e) throw e;
  }
  await waitFor(
    () => expect(bodiesShown(list).filter((b) => b.startsWith('Live #'))).toHaveLength(N),
    SLOW,
  );
  const live = bodiesShown(list).filter((b) => b.startsWith('Live #'));
  expect(live).toEqual(Array.from({ length: N }, (_, i) => `Live #${i} ${tag}`));
  // Read marks and the throttled list reads settle; the pages were not read per message.
  await networkIdle();
  expect(bodiesShown(list).filter((b) => b.startsWith('Live #'))).toHaveLength(N);
  expect(messageReads.length).toBeLessThanOrEqual(2);
  await maria.auth.signOut({ scope: 'local' });

  // My own message: its "Sending…" copy gives way to the row (live or read), shown once.
  const mine = `Mine ${tag}`;
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Message', {}, SLOW), `${mine}{Enter}`);
  await waitFor(() => {
    const row = within(list).getByText(mine).closest('li')!;
    expect(within(row).getByText('Sent')).toBeTruthy();
  }, SLOW);
  await networkIdle();
  expect(within(list).getAllByText(mine)).toHaveLength(1);
}, 90_000);

it("removes a deleted message's files from the bucket; another member cannot remove them", async () => {
  const id = await channel('Files');
  const tag = crypto.randomUUID().slice(0, 6);
  const path = `${id}/${NIKOS}/${crypto.randomUUID()}-receipt.pdf`;
  await signInAs('manager');
  const app = await getSupabase();
  const pdf = new Blob(['%PDF-1.7\nreceipt\n%%EOF\n'], { type: 'application/pdf' });
  const up = await app.storage
    .from('chat-attachments')
    .upload(path, pdf, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const sent = await app.rpc('send_message', {
    conversation_id: id,
    body: `Receipt ${tag}`,
    attachments: [{ path, name: 'receipt.pdf', type: 'application/pdf', size: pdf.size }],
  });
  if (sent.error) throw sent.error;
  const exists = async () =>
    (await service.storage.from('chat-attachments').exists(path)).data === true;

  // Maria reads the channel (and its file) but is neither its uploader nor a moderator.
  const maria = await mariaClient();
  expect((await maria.storage.from('chat-attachments').download(path)).error).toBeNull();
  const hers = await maria.storage.from('chat-attachments').remove([path]);
  expect(hers.data ?? []).toEqual([]);
  expect(await exists()).toBe(true);
  await maria.auth.signOut({ scope: 'local' });

  await renderRoute(`/team-chat?c=${id}`, 'manager');
  const list = await screen.findByTestId('chat-messages', {}, SLOW);
  const row = (await within(list).findByText(`Receipt ${tag}`, {}, SLOW)).closest('li')!;
  const user = userEvent.setup();
  await user.click(within(row).getByRole('button', { name: 'Message actions' }));
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(within(row).getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(async () => expect(await exists()).toBe(false), SLOW);
  // Gone: not listed, and the storage API says it does not exist.
  expect((await service.storage.from('chat-attachments').list(`${id}/${NIKOS}`)).data).toEqual([]);
  const { data } = await service
    .from('messages')
    .select('deleted_at')
    .eq('body', '')
    .eq('conversation_id', id);
  expect(data?.every((m) => m.deleted_at !== null)).toBe(true);
}, 60_000);
