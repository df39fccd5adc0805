// Work-order photos and guest-readiness (docs/maintenance.md): per role, who uploads to and reads
// the work-order-photos bucket (files under `<work order id>/`, readable with the work order) and
// who records before / after photos; and an open blocking work order keeps its villa from being
// guest-ready until it is resolved.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { anonClient, outcome, serviceClient, type Client, type TestUser } from './support.ts';
import {
  ACTORS,
  createActors,
  Fixtures,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';

type WorkOrder = Database['public']['Tables']['work_orders']['Row'];
type WorkOrderInsert = Database['public']['Tables']['work_orders']['Insert'];

const BUCKET = 'work-order-photos';
const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let villa: Property;
const files: string[] = [];
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

// A 1x1 PNG.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (ch) => ch.charCodeAt(0),
);
const png = () => new Blob([PNG], { type: 'image/png' });

async function workOrder(extra: Partial<WorkOrderInsert> = {}): Promise<WorkOrder> {
  const { data, error } = await serviceClient()
    .from('work_orders')
    .insert({ property_id: villa.id, title: 'Broken shutter', ...extra })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function upload(client: Client, path: string) {
  const res = await client.storage.from(BUCKET).upload(path, png(), { contentType: 'image/png' });
  if (!res.error) files.push(path);
  return res.error ? ((res.error as { statusCode?: string }).statusCode ?? 'error') : 'ok';
}

const staff: Record<Actor, boolean> = {
  anon: false,
  norole: false,
  housekeeper: true,
  technician: true,
  manager: true,
  admin: true,
};

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  villa = await fx.property({ name: 'Maintenance Photos Villa' });
});

afterAll(async () => {
  if (files.length > 0) await serviceClient().storage.from(BUCKET).remove(files);
  await fx.cleanup();
});

describe('the work-order-photos bucket', () => {
  it.each(ACTORS)('%s uploading a photo of a work order, and reading one', async (actor) => {
    const wo = await workOrder();
    const theirs = `${wo.id}/${actor}-${randomUUID()}.png`;
    expect(await upload(clientOf(actor), theirs)).toBe(staff[actor] ? 'ok' : '403');
    const other = `${wo.id}/service-${randomUUID()}.png`;
    expect(
      (
        await serviceClient()
          .storage.from(BUCKET)
          .upload(other, png(), { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    files.push(other);
    const read = await clientOf(actor).storage.from(BUCKET).download(other);
    expect(read.error === null).toBe(staff[actor]);
  });

  it('a file outside any work order is refused, and so is an HTML file', async () => {
    expect(await upload(users.manager.client, `${randomUUID()}/x.png`)).toBe('403');
    const wo = await workOrder();
    const res = await users.manager.client.storage
      .from(BUCKET)
      .upload(`${wo.id}/x.html`, new Blob(['<script></script>'], { type: 'text/html' }), {
        contentType: 'text/html',
      });
    expect(res.error).not.toBeNull();
  });

  it('a retried upload overwrites the uploader’s own file; nobody else’s', async () => {
    const wo = await workOrder();
    const path = `${wo.id}/retry-${randomUUID()}.png`;
    expect(await upload(users.housekeeper.client, path)).toBe('ok');
    const again = await users.housekeeper.client.storage
      .from(BUCKET)
      .upload(path, png(), { contentType: 'image/png', upsert: true });
    expect(again.error).toBeNull();
    const byOther = await users.technician.client.storage
      .from(BUCKET)
      .upload(path, png(), { contentType: 'image/png', upsert: true });
    expect(byOther.error).not.toBeNull();
  });

  it('the uploader or a manager removes a file; another field worker does not', async () => {
    const wo = await workOrder();
    const path = `${wo.id}/hk-${randomUUID()}.png`;
    expect(await upload(users.housekeeper.client, path)).toBe('ok');
    const byTech = await users.technician.client.storage.from(BUCKET).remove([path]);
    expect(byTech.data ?? []).toEqual([]);
    const byOwner = await users.housekeeper.client.storage.from(BUCKET).remove([path]);
    expect(byOwner.data?.length).toBe(1);
  });
});

describe('work_order_photos rows: before by reporters, after by the assignee or a manager', () => {
  it.each(ACTORS)('%s recording a before photo', async (actor) => {
    const wo = await workOrder();
    const res = await clientOf(actor)
      .from('work_order_photos')
      .insert({
        work_order_id: wo.id,
        kind: 'before',
        storage_path: `${wo.id}/${randomUUID()}.png`,
      })
      .select('created_by');
    expect(outcome(res)).toBe(staff[actor] ? 'ok' : 'denied');
    if (staff[actor]) expect(res.data![0].created_by).toBe(users[actor as SignedIn].id);
  });

  it.each(['housekeeper', 'technician', 'manager'] as const)(
    '%s recording an after photo of a work order assigned to the technician',
    async (actor) => {
      const wo = await workOrder({ status: 'in_progress', assignee_id: users.technician.id });
      const res = await users[actor].client
        .from('work_order_photos')
        .insert({
          work_order_id: wo.id,
          kind: 'after',
          storage_path: `${wo.id}/${randomUUID()}.png`,
        })
        .select();
      expect(outcome(res)).toBe(actor === 'housekeeper' ? 'denied' : 'ok');
    },
  );

  it('a path outside the work order’s folder is refused', async () => {
    const wo = await workOrder();
    const res = await users.manager.client
      .from('work_order_photos')
      .insert({ work_order_id: wo.id, storage_path: `${randomUUID()}/x.png` });
    expect(res.error?.code).toBe('42501');
  });

  it('the activity records a photo', async () => {
    const wo = await workOrder();
    await users.housekeeper.client
      .from('work_order_photos')
      .insert({ work_order_id: wo.id, storage_path: `${wo.id}/${randomUUID()}.png` });
    const { data } = await users.manager.client
      .from('work_order_activity')
      .select('action, actor_id, details')
      .eq('work_order_id', wo.id)
      .eq('action', 'photo');
    expect(data).toEqual([
      expect.objectContaining({
        actor_id: users.housekeeper.id,
        details: expect.objectContaining({ kind: 'before' }),
      }),
    ]);
  });
});

describe('guest-ready through blocking work orders', () => {
  async function reasons(client: Client, id: string) {
    const { data, error } = await client
      .from('property_overview')
      .select('guest_ready, not_ready_reasons')
      .eq('id', id)
      .single();
    if (error) throw new Error(error.message);
    return data;
  }

  it('a blocking report makes the villa not ready; resolving it clears the reason', async () => {
    const own = await fx.property({ name: 'Blocking Villa' });
    expect(await reasons(users.manager.client, own.id)).toEqual({
      guest_ready: true,
      not_ready_reasons: [],
    });
    const id = randomUUID();
    const report = await users.housekeeper.client
      .from('work_orders')
      .insert({ id, property_id: own.id, title: 'Glass door shattered', blocking: true });
    expect(report.error).toBeNull();
    // a non-blocking one does nothing
    await users.housekeeper.client
      .from('work_orders')
      .insert({ property_id: own.id, title: 'Squeaky gate' });
    for (const who of ['housekeeper', 'technician', 'manager'] as const) {
      expect(await reasons(users[who].client, own.id)).toEqual({
        guest_ready: false,
        not_ready_reasons: ['work_order_blocking'],
      });
    }
    const steps = [
      { to_status: 'assigned' as const, assignee_id: users.technician.id, by: 'manager' as const },
      { to_status: 'in_progress' as const, by: 'technician' as const },
    ];
    let version = 1;
    for (const s of steps) {
      const res = await users[s.by].client.rpc('transition_work_order', {
        work_order_id: id,
        to_status: s.to_status,
        from_version: version,
        assignee_id: s.assignee_id,
      });
      expect(res.error).toBeNull();
      version += 1;
      expect((await reasons(users.manager.client, own.id)).guest_ready).toBe(false);
    }
    const resolve = await users.technician.client.rpc('transition_work_order', {
      work_order_id: id,
      to_status: 'resolved',
      from_version: version,
    });
    expect(resolve.error).toBeNull();
    expect(await reasons(users.manager.client, own.id)).toEqual({
      guest_ready: true,
      not_ready_reasons: [],
    });
    // reopened: not ready again
    const reopen = await users.manager.client.rpc('transition_work_order', {
      work_order_id: id,
      to_status: 'open',
      from_version: version + 1,
    });
    expect(reopen.error).toBeNull();
    expect((await reasons(users.manager.client, own.id)).not_ready_reasons).toEqual([
      'work_order_blocking',
    ]);
  });
});
