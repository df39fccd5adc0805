// Every function the API exposes under /rest/v1/rpc has its refusals tested here
// (docs/security-sql.md). The list comes from the API itself (its OpenAPI description, every
// function of every exposed schema, whatever its grants), and the suite fails on a function that
// has no entry in REFUSALS: a new function must say who may not call it and prove it. Each entry
// calls the function through PostgREST as anon, as a sign-up with no role, and as a role without
// the right, and expects a refusal (no EXECUTE: 42501; a definer's own check: its error; an answer
// that reveals only the caller's own rights: false / empty).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { WELL_KNOWN } from '../../server/gateway/config.ts';
import { serviceClient, type TestUser } from './support.ts';
import { createActors, Fixtures, type Actor, type SignedIn } from './properties-fixtures.ts';

type Caller = Actor | 'service';

interface Answer {
  status: number;
  code: string | null;
  body: unknown;
}

let users: Record<SignedIn, TestUser>;
const tokens = {} as Record<SignedIn, string>;
const fx = new Fixtures();
let villaWithStay: string;
let exposed: string[];
/** Each exposed function's parameters (name -> type), from the API's description. */
const params = new Map<string, Record<string, { format: string }>>();

/** Arguments of the right names and types (refusals come before the values matter). */
function autoArgs(name: string): Record<string, unknown> {
  const sample = (format: string): unknown => {
    if (format === 'uuid') return randomUUID();
    if (format === 'boolean') return false;
    if (/^(integer|smallint|bigint|numeric)$/.test(format)) return 0;
    if (format === 'jsonb' || format === 'json') return {};
    if (format.endsWith('[]')) return [];
    if (format.startsWith('timestamp')) return new Date().toISOString();
    if (format === 'date') return '2026-12-01';
    return 'x';
  };
  return Object.fromEntries(
    Object.entries(params.get(name) ?? {}).map(([k, v]) => [k, sample(v.format)]),
  );
}

async function call(
  who: Caller,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Answer> {
  const key = who === 'service' ? WELL_KNOWN.serviceRoleKey : WELL_KNOWN.anonKey;
  const bearer = who === 'anon' || who === 'service' ? key : tokens[who];
  const res = await fetch(`${inject('apiUrl')}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  const code =
    body && typeof body === 'object' && 'code' in body
      ? String((body as { code: unknown }).code)
      : null;
  return { status: res.status, code: res.ok ? null : code, body };
}

/** No EXECUTE for this caller, or the function's own permission check: 42501 (401 / 403). */
async function expectDenied(who: Caller, name: string, args = autoArgs(name)) {
  const r = await call(who, name, args);
  // A definer's check lost? A later `create or replace` may have dropped it (docs/security-sql.md).
  expect({ name, who, status: r.status, code: r.code }).toEqual({
    name,
    who,
    status: who === 'anon' ? 401 : 403,
    code: '42501',
  });
}

/** Nobody through the API: anon, a no-role user and an admin are all refused EXECUTE. */
async function notExecutable(name: string, args = autoArgs(name)) {
  for (const who of ['anon', 'norole', 'admin'] as const) await expectDenied(who, name, args);
}

/** What the function may answer for the caller; a refusal when it gives nothing away. */
async function answers(
  who: Caller,
  name: string,
  args: Record<string, unknown>,
  expected: unknown,
) {
  const r = await call(who, name, args);
  expect({ who, status: r.status, body: r.body }).toEqual({ who, status: 200, body: expected });
}

/**
 * One entry per exposed function: how it refuses callers without the right. Each entry runs
 * against the real API; an entry for a function that no longer exists fails too.
 */
const REFUSALS: Record<string, () => Promise<void>> = {
  // --- access (20261121103100): answer only about the caller ---------------------------------
  my_permissions: async () => {
    await answers('anon', 'my_permissions', {}, []);
    await answers('norole', 'my_permissions', {}, []);
  },
  has_permission: async () => {
    const args = { permission_key: 'admin.users' };
    for (const who of ['anon', 'norole', 'housekeeper', 'manager'] as const)
      await answers(who, 'has_permission', args, false);
    await answers('admin', 'has_permission', args, true);
  },
  has_role: async () => {
    for (const who of ['anon', 'norole', 'manager'] as const)
      await answers(who, 'has_role', { role_name: 'admin' }, false);
  },
  is_admin: async () => {
    for (const who of ['anon', 'norole', 'manager'] as const)
      await answers(who, 'is_admin', {}, false);
  },
  is_manager_or_admin: async () => {
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await answers(who, 'is_manager_or_admin', {}, false);
  },
  user_permissions: () => notExecutable('user_permissions'),
  custom_permissions_map: () => notExecutable('custom_permissions_map'),

  // --- company settings: signed-in users only (not secret; nothing before sign-in needs them) --
  company_time_zone: () => expectDenied('anon', 'company_time_zone'),
  default_check_in_time: () => expectDenied('anon', 'default_check_in_time'),
  default_check_out_time: () => expectDenied('anon', 'default_check_out_time'),

  // --- properties and reservations --------------------------------------------------------------
  property_has_history: async () => {
    const args = { property_id: villaWithStay };
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'property_has_history', args);
    await answers('manager', 'property_has_history', args, true);
  },
  property_readiness: async () => {
    const args = { property_id: villaWithStay };
    await expectDenied('anon', 'property_readiness', args);
    // Invoker: the caller's RLS on properties (properties.view) decides; no row for others.
    await answers('norole', 'property_readiness', args, []);
  },
  import_reservations: async () => {
    const args = { property_id: villaWithStay, source: 'other', events: [], full_sync: true };
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'import_reservations', args);
  },
  reservation_slot_lock: () =>
    notExecutable('reservation_slot_lock', { property_id: randomUUID() }),

  // --- admin area (20261124110000, 20261124110100): admin.users / admin.health --------------------
  admin_list_users: async () => {
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_list_users');
  },
  admin_waiting_count: async () => {
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_waiting_count');
  },
  admin_user_access: async () => {
    const args = { p_user: users.housekeeper.id };
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_user_access', args);
  },
  admin_user_has_history: async () => {
    const args = { p_user: users.housekeeper.id };
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_user_has_history', args);
  },
  admin_delete_user: async () => {
    const args = { p_user: users.norole.id };
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_delete_user', args);
  },
  admin_note_account_created: async () => {
    const args = { p_user: users.norole.id, p_invited: false };
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_note_account_created', args);
  },
  admin_health: async () => {
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_health');
  },
  other_active_admin_exists: async () => {
    const args = { except_user: users.admin.id };
    for (const who of ['anon', 'norole'] as const)
      await expectDenied(who, 'other_active_admin_exists', args);
  },
  admin_set_active: async () => {
    const args = { p_user: users.housekeeper.id, p_active: false };
    for (const who of ['anon', 'norole', 'manager'] as const)
      await expectDenied(who, 'admin_set_active', args);
  },
  require_permission: () => notExecutable('require_permission'),
  user_has_history: () => notExecutable('user_has_history'),
  audit_write: () => notExecutable('audit_write'),

  // --- housekeeping (20261124120100) -----------------------------------------------------------
  staff_directory: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'staff_directory');
  },
  transition_cleaning_task: async () => {
    const args = { task_id: randomUUID(), to_status: 'in_progress', from_version: 1 };
    await expectDenied('anon', 'transition_cleaning_task', args);
    const r = await call('norole', 'transition_cleaning_task', args);
    expect(r.status).toBeGreaterThanOrEqual(400);
  },

  // --- checklist runs (20261125100000) ----------------------------------------------------------
  answer_checklist_item: async () => {
    const args = { task_id: randomUUID(), item_id: 'i-tick', value: true };
    await expectDenied('anon', 'answer_checklist_item', args);
    const r = await call('norole', 'answer_checklist_item', args);
    expect({ status: r.status, code: r.code }).toEqual({ status: 404, code: 'PT404' });
  },
  record_checklist_photo: async () => {
    const taskId = randomUUID();
    const photoId = randomUUID();
    const args = {
      photo_id: photoId,
      task_id: taskId,
      item_id: 'i-photo',
      storage_path: `${taskId}/${photoId}.jpg`,
      bytes: 100,
      sha256: '0'.repeat(64),
    };
    await expectDenied('anon', 'record_checklist_photo', args);
    const r = await call('norole', 'record_checklist_photo', args);
    expect({ status: r.status, code: r.code }).toEqual({ status: 404, code: 'PT404' });
  },
  remove_checklist_photo: async () => {
    const args = { photo_id: randomUUID() };
    for (const who of ['anon', 'norole'] as const)
      await expectDenied(who, 'remove_checklist_photo', args);
  },

  // --- maintenance (20261124150000) -------------------------------------------------------------
  transition_work_order: async () => {
    const args = { work_order_id: randomUUID(), to_status: 'closed', from_version: 1 };
    await expectDenied('anon', 'transition_work_order', args);
    const r = await call('norole', 'transition_work_order', args);
    expect({ status: r.status, code: r.code }).toEqual({ status: 404, code: 'PT404' });
  },
  // --- taking a work order (20261127300000); per role in maintenance-take.test.ts ----------------
  take_work_order: async () => {
    const args = { work_order_id: randomUUID(), from_version: 1 };
    await expectDenied('anon', 'take_work_order', args);
    const r = await call('norole', 'take_work_order', args);
    expect({ status: r.status, code: r.code }).toEqual({ status: 404, code: 'PT404' });
  },

  // --- maintenance's pages (20261129100000): invoker, the caller's own work orders under RLS ----
  my_work_order_areas: async () => {
    await expectDenied('anon', 'my_work_order_areas');
    await answers('norole', 'my_work_order_areas', {}, []);
  },
  my_work_orders: async () => {
    await expectDenied('anon', 'my_work_orders', { include_unassigned: true });
    await answers('norole', 'my_work_orders', { include_unassigned: true }, []);
  },

  // --- inventory (20261129200000): every movement through the ledger; per role in
  // inventory-rls.test.ts. inventory.adjust: field staff; inventory.manage: managers. ---------------
  inventory_receive: async () => {
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'inventory_receive');
  },
  inventory_adjust: async () => {
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'inventory_adjust');
  },
  inventory_set_par: async () => {
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'inventory_set_par');
  },
  inventory_transfer: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'inventory_transfer');
  },
  inventory_transfer_batch: async () => {
    for (const who of ['anon', 'norole'] as const)
      await expectDenied(who, 'inventory_transfer_batch', { transfers: [] });
  },
  inventory_consume: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'inventory_consume');
  },
  inventory_count: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'inventory_count');
  },
  inventory_pick_list: async () => {
    const args = { from_day: '2026-12-01', to_day: '2026-12-02' };
    for (const who of ['anon', 'norole'] as const)
      await expectDenied(who, 'inventory_pick_list', args);
  },

  // --- analytics (20261203100000): invoker, analytics.view checked first; figures in
  // analytics.test.ts. ---------------------------------------------------------------------------
  ...Object.fromEntries(
    [
      'analytics_cleans',
      'analytics_turnovers',
      'analytics_inspections',
      'analytics_work_orders',
      'analytics_maintenance_cost',
      'analytics_stock',
      'analytics_occupancy',
    ].map((name) => [
      name,
      async () => {
        for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
          await expectDenied(who, name);
      },
    ]),
  ),

  // --- chat (20261130100000): chat.use, channels chat.moderate; per role and membership in
  // chat-rls.test.ts and chat-messages.test.ts. ------------------------------------------------
  create_channel: async () => {
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'create_channel');
  },
  open_thread: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'open_thread');
  },
  start_direct: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'start_direct');
  },
  send_message: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'send_message');
  },
  mark_read: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'mark_read');
  },
  unread_counts: async () => {
    for (const who of ['anon', 'norole'] as const) await expectDenied(who, 'unread_counts');
  },
  search_messages: async () => {
    for (const who of ['anon', 'norole'] as const)
      await expectDenied(who, 'search_messages', { q: 'x' });
  },

  // --- notifications (20261127310000): only the caller's own -----------------------------------
  mark_notifications_read: async () => {
    await expectDenied('anon', 'mark_notifications_read', { notification_ids: null });
    await answers('norole', 'mark_notifications_read', { notification_ids: [randomUUID()] }, 0);
  },

  // --- recurring tasks (20261202100000): settings.manage (and the service role) only ---------
  generate_recurring: async () => {
    const args = { p_schedule: randomUUID() };
    for (const who of ['anon', 'norole', 'housekeeper', 'technician'] as const)
      await expectDenied(who, 'generate_recurring', args);
    await answers('manager', 'generate_recurring', args, 0);
  },
};

interface OpenApiPath {
  post?: { parameters?: { schema?: { properties?: Record<string, { format: string }> } }[] };
}

/** Names of the functions under /rpc/ in the API's description of each exposed schema. */
async function exposedFunctions(): Promise<string[]> {
  const names = new Set<string>();
  for (const profile of ['public', 'graphql_public']) {
    const res = await fetch(`${inject('apiUrl')}/rest/v1/`, {
      headers: {
        apikey: WELL_KNOWN.serviceRoleKey,
        Authorization: `Bearer ${WELL_KNOWN.serviceRoleKey}`,
        'Accept-Profile': profile,
      },
    });
    if (res.status === 406) continue; // not an exposed schema here
    expect(res.status).toBe(200);
    const spec = (await res.json()) as { paths: Record<string, OpenApiPath> };
    for (const [path, item] of Object.entries(spec.paths)) {
      if (!path.startsWith('/rpc/')) continue;
      const name = path.slice('/rpc/'.length);
      names.add(name);
      params.set(name, item.post?.parameters?.[0]?.schema?.properties ?? {});
    }
  }
  return [...names].sort();
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  for (const [who, u] of Object.entries(users) as [SignedIn, TestUser][]) {
    const { data } = await u.client.auth.getSession();
    tokens[who] = data.session!.access_token;
  }
  const villa = await fx.property({ name: 'RPC Exposure Villa' });
  await fx.reservation(villa.id, '2031-03-01T14:00:00Z', '2031-03-04T10:00:00Z');
  villaWithStay = villa.id;
  exposed = await exposedFunctions();
});

afterAll(async () => {
  await fx.cleanup();
});

describe('every function the API exposes has tested refusals', () => {
  it('the API lists no function without an entry in REFUSALS, and no entry is stale', async () => {
    expect(exposed.length).toBeGreaterThan(5);
    expect(
      exposed.filter((n) => !(n in REFUSALS)),
      'add an entry to REFUSALS',
    ).toEqual([]);
    expect(Object.keys(REFUSALS).filter((n) => !exposed.includes(n))).toEqual([]);
  });

  it.each(Object.keys(REFUSALS))('%s refuses a caller without the right', async (name) => {
    await REFUSALS[name]!();
  });

  it('the service role still reaches what it is granted', async () => {
    const r = await call('service', 'property_has_history', { property_id: villaWithStay });
    expect(r).toEqual({ status: 200, code: null, body: true });
    expect((await serviceClient().rpc('default_check_in_time')).error).toBeNull();
  });
});
