// Team chat read with no connection (docs/chat.md "The screens", offline reads): the conversation
// list and a conversation's newest messages, as this device last read them, from its copies in
// the `tasks` store.
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { backOnline, endOutages, goOffline, withOutages } from './outage';
import { renderRoute, restartAt, signInAs } from './render-route';

const SLOW = { timeout: 20_000 };
const GENERAL = 'c4a70000-0000-4000-8000-000000000001';

beforeAll(withOutages);
afterAll(endOutages);
afterEach(() => {
  backOnline();
  cleanup();
});

it('shows the conversation list and the newest messages offline, as last read', async () => {
  await signInAs('manager');
  const supabase = await getSupabase();
  const text = `Keys for Villa Anemos are at the office ${crypto.randomUUID().slice(0, 8)}`;
  const { error } = await supabase.rpc('send_message', { conversation_id: GENERAL, body: text });
  if (error) throw error;
  await renderRoute(`/team-chat?c=${GENERAL}`, 'manager');
  await within(await screen.findByTestId('chat-messages', {}, SLOW)).findByText(text, {}, SLOW);
  await within(await screen.findByTestId('chat-conversations', {}, SLOW)).findByRole(
    'button',
    { name: /#general/ },
    SLOW,
  );
  cleanup();
  goOffline();
  restartAt(`/team-chat?c=${GENERAL}`);
  const list = await screen.findByTestId('chat-conversations', {}, SLOW);
  expect(await within(list).findByRole('button', { name: /#maintenance/ }, SLOW)).toBeTruthy();
  const messages = await screen.findByTestId('chat-messages', {}, SLOW);
  expect(await within(messages).findByText(text, {}, SLOW)).toBeTruthy();
});
