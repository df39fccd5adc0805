// The demo photos reach their buckets on a freshly seeded database, through the storage API:
// villa photos (property-photos) and work-order photos (work-order-photos); staff download them,
// anon cannot.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT, WELL_KNOWN } from '../../server/gateway/config.ts';

const url = inject('apiUrl');
const opts = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

async function signedIn(email: string) {
  const client = createClient(url, WELL_KNOWN.anonKey, opts);
  const { error } = await client.auth.signInWithPassword({ email, password: 'arivia-demo' });
  expect(error).toBeNull();
  return client;
}

/** Each path downloads from the bucket, byte for byte as in supabase/seeds/<bucket>/; anon is refused. */
async function expectSeeded(client: SupabaseClient, bucket: string, paths: string[]) {
  expect(paths.length).toBeGreaterThan(0);
  for (const p of paths) {
    const { data, error } = await client.storage.from(bucket).download(p);
    expect(error).toBeNull();
    const local = readFileSync(path.join(REPO_ROOT, 'supabase/seeds', bucket, p));
    expect(Buffer.from(await data!.arrayBuffer()).equals(local)).toBe(true);
  }
  const anon = createClient(url, WELL_KNOWN.anonKey, opts);
  const { error: refused } = await anon.storage.from(bucket).download(paths[0]!);
  expect(refused).not.toBeNull();
}

describe('bucket seeding from config.toml objects_path', () => {
  it('uploads every seed photo, byte for byte, readable by staff and not by anon', async () => {
    const hk = await signedIn('housekeeper@arivia.local');
    const { data: photos } = await hk.from('property_photos').select('storage_path').limit(3);
    expect(photos?.length).toBe(3);
    await expectSeeded(
      hk,
      'property-photos',
      photos!.map((p) => p.storage_path),
    );
  });

  it("uploads the work orders' before and after photos where their rows point", async () => {
    const tech = await signedIn('technician@arivia.local');
    const { data: photos } = await tech
      .from('work_order_photos')
      .select('storage_path, kind')
      .like('storage_path', '3a0c0000-%');
    expect(new Set(photos?.map((p) => p.kind))).toEqual(new Set(['before', 'after']));
    await expectSeeded(
      tech,
      'work-order-photos',
      photos!.map((p) => p.storage_path),
    );
  });
});
