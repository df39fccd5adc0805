// The team chat screen (/team-chat) rendered for real against the in-process backend and its demo
// data (supabase/seeds/70_chat.sql, docs/chat.md "The screens"): the list with unread counts; a
// message sent through the sync queue (one row, "Sent"); a message from another person arriving
// live; editing and deleting one's own; a private conversation unseen by a non-member.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClient } from '@supabase/supabase-js';
import { afterEach, expect, inject, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, reportOffline, signInAs } from './render-route';

afterEach(cleanup);

const SLOW = { timeout: 20_000 };
const GENERAL = 'c4a70000-0000-4000-8000-000000000001';
const OFFICE = 'c4a70000-0000-4000-8000-000000000004';
const NIKOS_GIORGOS = 'c4a70000-0000-4000-8000-000000000022';

const apiUrl = inject('apiUrl');
const realFetch = globalThis.fetch.bind(globalThis);
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const service = createClient(apiUrl, inject('serviceRoleKey'), {
  auth: noSession,
  global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
});

/** Maria, the demo housekeeper, on a phone of her own (her own session). */
async function mariaClient() {
  const client = createClient(apiUrl, import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY as string, {
    auth: { ...noSession, storageKey: 'maria-phone' },
    global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
  });
  const { error } = await client.auth.signInWithPassword({
    email: 'housekeeper@arivia.local',
    password: 'arivia-demo',
  });
  if (error) throw error;
  return client;
}

const unique = (what: string) => `${what} ${crypto.randomUUID().slice(0, 8)}`;
const conversations = () => screen.findByTestId('chat-conversations', {}, SLOW);
const messageList = () => screen.findByTestId('chat-messages', {}, SLOW);

it('lists the demo conversations in their sections, with unread counts', async () => {
  await renderRoute('/team-chat', 'manager');
  const list = await conversations();
  const channels = within(list).getByRole('region', { name: 'Channels' });
  const general = await within(channels).findByRole('button', { name: /#general/ }, SLOW);
  expect(within(channels).getByRole('button', { name: /#office/ })).toBeTruthy();
  expect(within(list).getByRole('region', { name: 'Direct messages' })).toBeTruthy();
  expect(within(list).getByRole('region', { name: 'Threads' })).toBeTruthy();
  // The demo accounts read their open channels up to a day ago: something is unread.
  expect(within(list).getAllByText(/^\d+ unread messages?$/).length).toBeGreaterThan(0);
  expect(general).toBeTruthy();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Filter conversations'), 'offi');
  await waitFor(() => expect(within(list).queryByRole('button', { name: /#general/ })).toBeNull());
  expect(within(list).getByRole('button', { name: /#office/ })).toBeTruthy();
});

it('sends a message through the sync queue: one row, shown as Sent', async () => {
  const { router } = await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  await messageList();
  const text = unique('Towels for Villa Anemos are in the van');
  const user = userEvent.setup();
  const box = await screen.findByLabelText('Message', {}, SLOW);
  await user.type(box, `${text}{Enter}`);
  const list = await messageList();
  expect(await within(list).findByText(text, {}, SLOW)).toBeTruthy();
  // "Sent" under this message (an earlier one of mine says it until this one is taken).
  await waitFor(() => {
    const row = within(list).getByText(text).closest('li')!;
    expect(within(row).getByText('Sent')).toBeTruthy();
  }, SLOW);
  expect((box as HTMLTextAreaElement).value).toBe('');
  const { data, error } = await service
    .from('messages')
    .select('id, mutation_id')
    .eq('conversation_id', GENERAL)
    .eq('body', text);
  if (error) throw error;
  expect(data).toHaveLength(1);
  expect(data[0]!.mutation_id).toBeTruthy();
  expect(
    new URL(
      router.state.location.pathname + router.state.location.search,
      'http://x',
    ).searchParams.get('c'),
  ).toBe(GENERAL);
});

it('queues a message written offline (Sending…) and sends it once back online', async () => {
  await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  const list = await messageList();
  await within(list).findAllByRole('listitem', {}, SLOW);
  const back = reportOffline();
  const text = unique('No signal at Villa Anemos, checking the pool');
  const user = userEvent.setup();
  try {
    await user.type(screen.getByLabelText('Message'), `${text}{Enter}`);
    const pending = (await within(list).findByText(text, {}, SLOW)).closest('li')!;
    expect(await within(pending).findByText('Sending…', {}, SLOW)).toBeTruthy();
  } finally {
    back();
  }
  await waitFor(() => {
    const row = within(list).getByText(text).closest('li')!;
    expect(within(row).getByText('Sent')).toBeTruthy();
  }, SLOW);
  const { data, error } = await service
    .from('messages')
    .select('id')
    .eq('conversation_id', GENERAL)
    .eq('body', text);
  if (error) throw error;
  expect(data).toHaveLength(1);
});

it('shows a message another person sends, live', async () => {
  await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  const list = await messageList();
  await within(list).findAllByRole('listitem', {}, SLOW);
  const maria = await mariaClient();
  const text = unique('Pool pump at Villa Thalassa is making noise');
  const { error } = await maria.rpc('send_message', { conversation_id: GENERAL, body: text });
  if (error) throw error;
  expect(await within(list).findByText(text, {}, SLOW)).toBeTruthy();
  await maria.auth.signOut({ scope: 'local' });
});

it('edits and deletes one of my own messages', async () => {
  await signInAs('manager');
  const supabase = await getSupabase();
  const text = unique('Meeting at 9');
  const { error } = await supabase.rpc('send_message', { conversation_id: GENERAL, body: text });
  if (error) throw error;
  await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  const list = await messageList();
  await within(list).findByText(text, {}, SLOW);
  const mine = () => within(list).getByText(text).closest('li')!;
  const user = userEvent.setup();
  await user.click(within(mine()).getByRole('button', { name: 'Message actions' }));
  await user.click(within(mine()).getByRole('button', { name: 'Edit' }));
  const edited = `${text} (moved to 10)`;
  const field = within(list).getByLabelText('Message text');
  await user.clear(field);
  await user.type(field, edited);
  await user.click(within(list).getByRole('button', { name: 'Save' }));
  const row = (await within(list).findByText(edited, {}, SLOW)).closest('li')!;
  expect(await within(row as HTMLElement).findByText('edited', {}, SLOW)).toBeTruthy();
  await user.click(within(row as HTMLElement).getByRole('button', { name: 'Message actions' }));
  await user.click(within(row as HTMLElement).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(within(row as HTMLElement).getByRole('alertdialog')).getByRole('button', {
      name: 'Delete',
    }),
  );
  await waitFor(() => expect(within(list).queryByText(edited)).toBeNull(), SLOW);
  const { data } = await service
    .from('messages')
    .select('body, deleted_at')
    .like('body', `${text}%`);
  expect(data).toEqual([]);
});

it('shows a non-member nothing of a private channel or of a direct between others', async () => {
  await renderRoute('/team-chat', 'housekeeper');
  const list = await conversations();
  await within(list).findByRole('button', { name: /#general/ }, SLOW);
  expect(within(list).queryByRole('button', { name: /#office/ })).toBeNull();
  cleanup();
  await renderRoute(`/team-chat?c=${OFFICE}`, 'housekeeper');
  expect(
    await screen.findByText('This conversation does not exist or is not yours to read.', {}, SLOW),
  ).toBeTruthy();
  cleanup();
  await renderRoute(`/team-chat?c=${NIKOS_GIORGOS}`, 'housekeeper');
  expect(
    await screen.findByText('This conversation does not exist or is not yours to read.', {}, SLOW),
  ).toBeTruthy();
});

it("opens a work order's thread from its page with Discuss", async () => {
  const workOrder = '3a0c0000-0000-4000-8000-000000000001';
  const thread = 'c4a70000-0000-4000-8000-000000000013';
  const { router } = await renderRoute(`/maintenance?wo=${workOrder}`, 'manager');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Discuss' }, SLOW));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/team-chat');
    expect(new URLSearchParams(router.state.location.search).get('c')).toBe(thread);
  }, SLOW);
  expect(await screen.findByTestId('chat-messages', {}, SLOW)).toBeTruthy();
});

it('shows the unread messages on the dashboard card and beside Team Chat in the menu, live', async () => {
  await renderRoute('/', 'manager');
  const card = await screen.findByTestId('chat-unread-card', {}, SLOW);
  await within(card).findByText(/unread messages? in \d+ conversations?/, {}, SLOW);
  const badge = await screen.findByTestId('chat-unread-badge', {}, SLOW);
  const before = Number(badge.textContent);
  const maria = await mariaClient();
  const { error } = await maria.rpc('send_message', {
    conversation_id: GENERAL,
    body: unique('Linen delivery is late'),
  });
  if (error) throw error;
  await waitFor(
    () => expect(Number(screen.getByTestId('chat-unread-badge').textContent)).toBe(before + 1),
    SLOW,
  );
  await maria.auth.signOut({ scope: 'local' });
});

it('says Seen under my last direct message once the other person has read it', async () => {
  const direct = 'c4a70000-0000-4000-8000-000000000021';
  await renderRoute(`/team-chat?c=${direct}`, 'manager');
  const list = await messageList();
  const text = unique('Can you take the 11:00 at Villa Anemos?');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Message', {}, SLOW), `${text}{Enter}`);
  await waitFor(() => {
    const row = within(list).getByText(text).closest('li')!;
    expect(within(row).getByText('Sent')).toBeTruthy();
  }, SLOW);
  const maria = await mariaClient();
  const { error } = await maria.rpc('mark_read', { conversation_id: direct });
  if (error) throw error;
  await waitFor(() => {
    const row = within(list).getByText(text).closest('li')!;
    expect(within(row).getByText('Seen')).toBeTruthy();
  }, SLOW);
  await maria.auth.signOut({ scope: 'local' });
});

it("lets a manager (chat.moderate) delete another person's message in a channel", async () => {
  const maria = await mariaClient();
  const text = unique('Wrong villa, sorry');
  const { error } = await maria.rpc('send_message', { conversation_id: GENERAL, body: text });
  if (error) throw error;
  await maria.auth.signOut({ scope: 'local' });
  await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  const list = await messageList();
  const row = (await within(list).findByText(text, {}, SLOW)).closest('li')!;
  const user = userEvent.setup();
  await user.click(within(row).getByRole('button', { name: 'Message actions' }));
  expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(within(row).getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() => expect(within(list).queryByText(text)).toBeNull(), SLOW);
  const { data } = await service.from('messages').select('deleted_by').like('body', text);
  expect(data).toEqual([]);
});

it('shows who is typing, from the realtime broadcast of the conversation', async () => {
  await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  await messageList();
  const maria = await mariaClient();
  // The room is a private topic: Maria joins it as a reader of #general.
  const room = maria.channel(`chat-room:${GENERAL}`, {
    config: { private: true, presence: { key: 'a11ce000-0000-4000-8000-000000000003' } },
  });
  await new Promise<void>((resolve) =>
    room.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve();
    }),
  );
  await waitFor(async () => {
    await room.send({
      type: 'broadcast',
      event: 'typing',
      payload: { user_id: 'a11ce000-0000-4000-8000-000000000003' },
    });
    expect(screen.getByText('Maria Kritikou is typing…')).toBeTruthy();
  }, SLOW);
  await maria.removeChannel(room);
  await maria.auth.signOut({ scope: 'local' });
});
