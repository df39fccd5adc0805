// The app's live tables reach subscribers through the publication the migration sets up, and RLS
// decides who receives them: a manager hears a reservation change, a housekeeper (no
// reservations.view) does not.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

const url = inject('apiUrl');
const clients: SupabaseClient[] = [];

async function signIn(email: string) {
  const c = createClient(url, WELL_KNOWN.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data, error } = await c.auth.signInWithPassword({ email, password: 'arivia-demo' });
  expect(error).toBeNull();
  c.realtime.setAuth(data.session!.access_token);
  clients.push(c);
  return c;
}

function listen(c: SupabaseClient, table: string, seen: string[]) {
  return new Promise<void>((resolve, reject) => {
    c.channel(`app-${table}-${Math.random()}`)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table }, (p) => {
        seen.push(String((p.new as { id: string }).id));
      })
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
      });
  });
}

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
});

describe('realtime on the app tables', () => {
  it('delivers reservation updates to those who may read them only', async () => {
    const manager = await signIn('manager@arivia.local');
    const housekeeper = await signIn('housekeeper@arivia.local');
    const managerSeen: string[] = [];
    const housekeeperSeen: string[] = [];
    const housekeeperProfiles: string[] = [];
    await listen(manager, 'reservations', managerSeen);
    await listen(housekeeper, 'reservations', housekeeperSeen);
    await listen(housekeeper, 'profiles', housekeeperProfiles);

    const { data: stay } = await manager
      .from('reservations')
      .select('id, notes')
      .eq('status', 'confirmed')
      .limit(1)
      .single();
    expect(stay).not.toBeNull();
    const { error } = await manager
      .from('reservations')
      .update({ notes: `live ${Date.now()}` })
      .eq('id', stay!.id);
    expect(error).toBeNull();

    await expect.poll(() => managerSeen, { timeout: 10_000 }).toContain(stay!.id);
    // A barrier instead of a pause: a later change the housekeeper may see (her own profile), on
    // the same socket. Changes are judged and sent in commit order, so once the marker has
    // arrived the reservation change was judged for her too, and not sent.
    const { data: me } = await housekeeper.auth.getUser();
    const marked = await housekeeper
      .from('profiles')
      .update({ phone: '+30 690 000 0001' })
      .eq('id', me.user!.id);
    expect(marked.error).toBeNull();
    await expect.poll(() => housekeeperProfiles, { timeout: 10_000 }).toContain(me.user!.id);
    expect(housekeeperSeen).toEqual([]);
  });

  it('delivers profile updates to the owner', async () => {
    const hk = await signIn('housekeeper@arivia.local');
    const seen: string[] = [];
    await listen(hk, 'profiles', seen);
    const { data: user } = await hk.auth.getUser();
    const { error } = await hk
      .from('profiles')
      .update({ phone: '+30 690 000 0001' })
      .eq('id', user.user!.id);
    expect(error).toBeNull();
    await expect.poll(() => seen, { timeout: 10_000 }).toContain(user.user!.id);
  });
});
