// A conversation's pages and live updates at volume (docs/chat.md "A conversation", "Live"):
// older pages by keyset on (created_at, id), so messages sharing a created_at at a page's edge
// are each shown once; and a busy channel's new messages patched into the view from the realtime
// payload, not a refetch of every page per message.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeEach, expect, inject, it } from 'vitest';
import { renderRoute } from './render-route';

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
const appFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(`${apiUrl}/rest/v1/messages`) && (init?.method ?? 'GET') === 'GET')
    messageReads.push(new URL(url));
  return appFetch(input, init);
};
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
