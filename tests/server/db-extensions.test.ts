// pgcrypto and uuid-ossp as the platform ships them: preinstalled in the `extensions` schema, on
// the migration role's and the API roles' search_path. The fixture's migration and seed call
// uuid_generate_v4(), crypt() and gen_salt('bf') unqualified (a seed like this used to stop the
// backend at start-up); the API then runs functions that use them, and a user seeded with a
// pgcrypto bcrypt hash signs in through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, startFixtureServer, type FixtureServer } from './support/fixture-server.ts';

let fx: FixtureServer;
let sb: SupabaseClient;

beforeAll(async () => {
  fx = await startFixtureServer('extensions-project');
  sb = anonClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('extensions schema', () => {
  it('the migration and seed ran: a uuid_generate_v4() key and a crypt() hash', async () => {
    const { data, error } = await sb.from('devices').select('id, name, secret_hash');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const row = data![0] as { id: string; name: string; secret_hash: string };
    expect(row.name).toBe('front door');
    expect(row.id).toMatch(UUID_V4);
    expect(row.secret_hash).toMatch(/^\$2a\$06\$/);
  });

  it('functions using crypt() and uuid_generate_v4() run through the API', async () => {
    const { data: rows } = await sb.from('devices').select('id');
    const device = (rows![0] as { id: string }).id;
    const ok = await sb.rpc('check_secret', { device, secret: 'open sesame' });
    expect(ok.error).toBeNull();
    expect(ok.data).toBe(true);
    const wrong = await sb.rpc('check_secret', { device, secret: 'close sesame' });
    expect(wrong.data).toBe(false);
    const ids = await sb.rpc('new_ids', { n: 3 });
    expect(ids.error).toBeNull();
    expect(ids.data).toHaveLength(3);
    for (const id of ids.data as string[]) expect(id).toMatch(UUID_V4);
    expect(new Set(ids.data as string[]).size).toBe(3);
  });

  it('a user seeded with crypt(password, gen_salt(bf)) signs in', async () => {
    const ok = await sb.auth.signInWithPassword({
      email: 'seeded@example.com',
      password: 'seeded-password-1',
    });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe('seeded@example.com');
    const bad = await sb.auth.signInWithPassword({
      email: 'seeded@example.com',
      password: 'not-the-password',
    });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');
  });

  it('the extensions live in the extensions schema, not in public', async () => {
    const { data, error } = await sb.rpc('extension_schemas');
    expect(error).toBeNull();
    expect(data).toEqual([
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
  });
});
