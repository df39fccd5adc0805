// The property form on /properties/new, rendered for real as the demo manager: the shared fields
// show the schema's messages, and a code another villa uses comes back from the database as a
// message under the code field (the form's own onError), not as a toast.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, inject, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { createClient } from '@supabase/supabase-js';
import { renderRoute } from './render-route';

afterEach(cleanup);

it('shows what is missing before anything is sent', async () => {
  await renderRoute('/properties/new', 'manager');
  await screen.findByRole('form', { name: 'New property' }, { timeout: 20_000 });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
  expect(screen.getByText('Enter a code')).toBeTruthy();
  expect(screen.getByText('Enter the area, e.g. Oia, Santorini')).toBeTruthy();
});

it("puts the server's duplicate-code refusal under the code field", async () => {
  await renderRoute('/properties/new', 'manager');
  const supabase = await getSupabase();
  const { data: taken, error } = await supabase.from('properties').select('code').limit(1).single();
  if (error) throw error;
  await screen.findByRole('form', { name: 'New property' }, { timeout: 20_000 });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Villa Twin');
  await user.type(screen.getByLabelText('Code'), taken.code);
  await user.type(screen.getByLabelText('Area'), 'Oia, Santorini');
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(
    await screen.findByText('Another property already uses this code', {}, { timeout: 20_000 }),
  ).toBeTruthy();
  // The refused write is counted for the admin's health page (client_events: admins read).
  const manager = (await supabase.auth.getUser()).data.user!.id;
  const admin = createClient(inject('apiUrl'), import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await admin.auth.signInWithPassword({
    email: 'admin@arivia.local',
    password: 'arivia-demo',
  });
  if (signInError) throw signInError;
  await vi.waitFor(
    async () => {
      const { data } = await admin
        .from('client_events')
        .select('code')
        .eq('kind', 'write_refused')
        .eq('user_id', manager);
      expect(data?.map((e) => e.code)).toContain('23505');
    },
    { timeout: 10_000, interval: 200 },
  );
});
