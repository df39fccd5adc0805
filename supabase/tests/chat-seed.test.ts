// The demo chat (supabase/seeds/70_chat.sql): team channels, a channel per demo villa, threads on
// demo cleans and work orders, directs and a group, over the past two weeks; what each demo
// account reads, and something unread for each.
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, serviceClient, signIn } from './support.ts';
import type { Message, Unread } from './chat-fixtures.ts';

const FIRST = 'c4a70000-0000-4000-8000-000000000000';
const LAST = 'c4a70000-0000-4000-8000-0000000000ff';
const two = (n: number) => String(n).padStart(2, '0');
const VILLAS = Array.from(
  { length: 12 },
  (_, i) => `b1a00000-0000-4000-8000-0000000000${two(i + 1)}`,
);

describe('chat demo data', () => {
  it('has the team channels, a channel per demo villa, threads, directs and a group', async () => {
    const s = serviceClient();
    const { data: channels } = await s
      .from('conversations')
      .select('name, private')
      .eq('kind', 'channel')
      .in('name', ['general', 'housekeeping', 'maintenance', 'office']);
    expect(new Set(channels!.map((c) => `${c.name}:${c.private}`))).toEqual(
      new Set(['general:false', 'housekeeping:false', 'maintenance:false', 'office:true']),
    );
    const { data: villas } = await s
      .from('conversations')
      .select('property_id')
      .eq('kind', 'villa')
      .in('property_id', VILLAS);
    expect(villas).toHaveLength(12);
    const { data: threads } = await s
      .from('conversations')
      .select('clean_id, work_order_id')
      .eq('kind', 'thread')
      .gte('id', FIRST)
      .lte('id', LAST);
    expect(threads!.filter((t) => t.clean_id).length).toBeGreaterThanOrEqual(2);
    expect(threads!.filter((t) => t.work_order_id).length).toBeGreaterThanOrEqual(3);
    const { data: dms } = await s
      .from('conversations')
      .select('kind')
      .in('kind', ['direct', 'group'])
      .gte('id', FIRST)
      .lte('id', LAST);
    expect(dms!.map((d) => d.kind).sort()).toEqual(['direct', 'direct', 'group']);
  });

  it('messages spread over the past two weeks, none in the future', async () => {
    const { data } = await serviceClient()
      .from('messages')
      .select('created_at, body')
      .gte('conversation_id', FIRST)
      .lte('conversation_id', LAST)
      .order('created_at');
    const times = data!.map((m) => Date.parse(m.created_at));
    expect(data!.length).toBeGreaterThan(40);
    expect(Date.now() - times[0]!).toBeGreaterThan(12 * 86_400_000);
    expect(Date.now() - times[0]!).toBeLessThan(15 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });

  it('each demo account reads its own and has something unread; the housekeeper not #office', async () => {
    for (const role of ['admin', 'manager', 'housekeeper', 'technician'] as const) {
      const c = await signIn(DEMO[role].email, DEMO_PASSWORD);
      const { data, error } = await c.rpc('unread_counts');
      expect(error).toBeNull();
      const total = (data as Unread[]).reduce((n, r) => n + r.unread, 0);
      expect({ role, some: total > 0 }).toEqual({ role, some: true });
    }
    const hk = await signIn(DEMO.housekeeper.email, DEMO_PASSWORD);
    const { data: office } = await hk
      .from('conversations')
      .select('id')
      .eq('id', 'c4a70000-0000-4000-8000-000000000004');
    expect(office).toEqual([]);
    const found = await hk.rpc('search_messages', { q: 'contractor quote' });
    expect(found.data as Message[]).toEqual([]);
    const mine = await hk.rpc('search_messages', { q: 'spare keys' });
    expect((mine.data as Message[]).length).toBe(1);
    expect((mine.data as Message[])[0]!.mentions).toEqual([DEMO.housekeeper.id]);
  });
});
