// The demo maintenance of supabase/seeds/40_maintenance.sql as the demo accounts see it: a second
// technician, 40 work orders over the demo villas in every status, costs on the finished ones, a
// timeline, and the urgent blocking problems that keep two villas from being guest-ready.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, signIn, type Client } from './support.ts';

let manager: Client;

beforeAll(async () => {
  manager = await signIn(DEMO.manager.email, DEMO_PASSWORD);
});

describe('demo maintenance', () => {
  it('Kostas signs in with the demo password and holds the technician role', async () => {
    const kostas = await signIn('kostas@arivia.local', DEMO_PASSWORD);
    const { data } = await kostas.rpc('my_permissions');
    expect(data).toContain('maintenance.work');
    expect(data).not.toContain('maintenance.manage');
  });

  it('40 work orders over the demo villas, in every status, shared by two technicians', async () => {
    const { data, error } = await manager
      .from('work_orders')
      .select(
        'id, status, assignee_id, property_id, labour_minutes, parts_cost, labour_cost, external_cost',
      )
      .gte('id', '3a0c0000-0000-4000-8000-000000000000')
      .lte('id', '3a0c0000-0000-4000-8000-0000000000ff');
    expect(error).toBeNull();
    expect(data!.length).toBe(40);
    expect(new Set(data!.map((w) => w.status))).toEqual(
      new Set(['open', 'assigned', 'in_progress', 'on_hold', 'resolved', 'closed']),
    );
    expect(new Set(data!.map((w) => w.property_id)).size).toBe(12);
    expect(new Set(data!.filter((w) => w.assignee_id).map((w) => w.assignee_id))).toEqual(
      new Set([DEMO.technician.id, 'a11ce000-0000-4000-8000-000000000007']),
    );
    const finished = data!.filter((w) => w.status === 'resolved' || w.status === 'closed');
    expect(finished.every((w) => w.labour_minutes > 0 && w.labour_cost > 0)).toBe(true);
    expect(finished.some((w) => w.external_cost > 0)).toBe(true);
  });

  it('the timeline shows how each got to its status', async () => {
    const { data } = await manager
      .from('work_order_activity')
      .select('action, to_status, at')
      .eq('work_order_id', '3a0c0000-0000-4000-8000-000000000028')
      .order('at');
    expect(data!.filter((a) => a.action === 'status').map((a) => a.to_status)).toEqual([
      'assigned',
      'in_progress',
      'resolved',
      'closed',
    ]);
    expect(data![0]).toMatchObject({ action: 'created', to_status: 'open' });
    expect(data!.some((a) => a.action === 'assigned')).toBe(true);
  });

  it('two villas are not guest-ready because of an open blocking work order', async () => {
    const { data } = await manager
      .from('property_overview')
      .select('code, guest_ready')
      .contains('not_ready_reasons', ['work_order_blocking'])
      .order('code');
    expect(data).toEqual([
      { code: 'SAN-IME-01', guest_ready: false },
      { code: 'SAN-OIA-01', guest_ready: false },
    ]);
  });
});
