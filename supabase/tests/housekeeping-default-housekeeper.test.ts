// A villa's default housekeeper (cleaning settings, per-villa override) gets the turnovers the
// database makes from its stays: assigned at creation, by the database, whoever wrote the stay;
// kept when the stay moves; a manager's change is not undone; nobody is assigned when the villa has
// no default or the default cannot do cleans (the stay still saves).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, type TestUser } from './support.ts';
import { createActors, daysFromNow, type SignedIn } from './properties-fixtures.ts';
import { HousekeepingFixtures, turnoverOf } from './housekeeping-fixtures.ts';

const fx = new HousekeepingFixtures();
let users: Record<SignedIn, TestUser>;
const service = () => serviceClient();

async function assigneesOf(taskId: string) {
  const { data, error } = await service()
    .from('cleaning_task_assignees')
    .select('user_id, created_by')
    .eq('task_id', taskId);
  if (error) throw new Error(error.message);
  return data;
}

async function setDefault(propertyId: string, userId: string | null) {
  const { error } = await users.manager.client
    .from('property_housekeeping')
    .upsert({ property_id: propertyId, default_housekeeper_id: userId })
    .select('property_id');
  expect(error).toBeNull();
}

async function stayByManager(propertyId: string, checkIn: string, checkOut: string) {
  const { data, error } = await users.manager.client
    .from('reservations')
    .insert({
      property_id: propertyId,
      guest_name: 'Default Housekeeper Guest',
      check_in: checkIn,
      check_out: checkOut,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
});

afterAll(async () => {
  await fx.cleanup();
});

describe("a villa's default housekeeper", () => {
  it('is assigned the turnover a new stay makes, by the database, and the log says so', async () => {
    const villa = await fx.property({ name: 'Default HK Villa A' });
    await setDefault(villa.id, users.housekeeper.id);
    const stayId = await stayByManager(villa.id, daysFromNow(30, 15), daysFromNow(33, 10));
    const clean = (await turnoverOf(stayId))!;
    expect(clean.status).toBe('scheduled');
    expect(await assigneesOf(clean.id)).toEqual([
      { user_id: users.housekeeper.id, created_by: null },
    ]);
    const { data: log, error } = await service()
      .from('cleaning_task_activity')
      .select('action, details')
      .eq('task_id', clean.id)
      .eq('action', 'assigned');
    expect(error).toBeNull();
    expect(log).toEqual([{ action: 'assigned', details: { user_id: users.housekeeper.id } }]);
    // She sees it as her own clean.
    const mine = await users.housekeeper.client
      .from('cleaning_task_assignees')
      .select('task_id')
      .eq('user_id', users.housekeeper.id)
      .eq('task_id', clean.id);
    expect(mine.error).toBeNull();
    expect(mine.data).toHaveLength(1);
  });

  it("keeps the clean when the stay moves, and a manager's reassignment is not undone", async () => {
    const villa = await fx.property({ name: 'Default HK Villa B' });
    await setDefault(villa.id, users.housekeeper.id);
    const stayId = await stayByManager(villa.id, daysFromNow(40, 15), daysFromNow(43, 10));
    const clean = (await turnoverOf(stayId))!;
    // The manager gives it to someone else (herself: managers do cleans too).
    const del = await users.manager.client
      .from('cleaning_task_assignees')
      .delete()
      .eq('task_id', clean.id)
      .select('id');
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);
    const add = await users.manager.client
      .from('cleaning_task_assignees')
      .insert({ task_id: clean.id, user_id: users.manager.id })
      .select('id');
    expect(add.error).toBeNull();
    // The stay moves by a day: the same clean moves, still the manager's only.
    const moved = await users.manager.client
      .from('reservations')
      .update({ check_out: daysFromNow(44, 10) })
      .eq('id', stayId)
      .select('id');
    expect(moved.error).toBeNull();
    const after = (await turnoverOf(stayId))!;
    expect(after.id).toBe(clean.id);
    expect(after.window_start).not.toBe(clean.window_start);
    expect(await assigneesOf(clean.id)).toEqual([
      { user_id: users.manager.id, created_by: users.manager.id },
    ]);
  });

  it('assigns nobody when the villa has no default, or its default cannot do cleans', async () => {
    const none = await fx.property({ name: 'Default HK Villa C' });
    const noneStay = await stayByManager(none.id, daysFromNow(50, 15), daysFromNow(52, 10));
    expect(await assigneesOf((await turnoverOf(noneStay))!.id)).toEqual([]);

    // A default who holds no cleaning permission (set before her role was taken away, say).
    const villa = await fx.property({ name: 'Default HK Villa D' });
    const { error } = await service()
      .from('property_housekeeping')
      .upsert({ property_id: villa.id, default_housekeeper_id: users.norole.id });
    expect(error).toBeNull();
    const stayId = await stayByManager(villa.id, daysFromNow(60, 15), daysFromNow(62, 10));
    const clean = await turnoverOf(stayId);
    expect(clean?.status).toBe('scheduled');
    expect(await assigneesOf(clean!.id)).toEqual([]);

    // Once she may do cleans, the next stay's turnover is hers.
    await setDefault(villa.id, users.housekeeper.id);
    const next = await stayByManager(villa.id, daysFromNow(64, 15), daysFromNow(66, 10));
    expect(await assigneesOf((await turnoverOf(next))!.id)).toEqual([
      { user_id: users.housekeeper.id, created_by: null },
    ]);
  });
});
