// The demo photos reach their buckets on a freshly seeded database, through the storage API:
// villa photos (property-photos) and work-order photos (work-order-photos); staff download them,
// anon cannot.
import { createClient } from '@supabase/supabase-js';
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

describe('bucket seeding from config.toml objects_path', () => {
  it('uploads every seed photo, byte for byte, readable by staff and not by anon', async () => {
    const hk = createClient(url, WELL_KNOWN.anonKey, opts);
    const { error } = await hk.auth.signInWithPassword({
      email: 'housekeeper@arivia.local',
      password: 'arivia-demo',
    });
    expect(error).toBeNull();
    const { data: photos } = await hk.from('property_photos').select('storage_path').limit(3);
    expect(photos?.length).toBe(3);
    for (const { storage_path } of photos!) {
      const { data, error: dl } = await hk.storage.from('property-photos').download(storage_path);
      expect(dl).toBeNull();
      const local = readFileSync(
        path.join(REPO_ROOT, 'supabase/seeds/property-photos', storage_path),
      );
      expect(Buffer.from(await data!.arrayBuffer()).equals(local)).toBe(true);
    }
    const anon = createClient(url, WELL_KNOWN.anonKey, opts);
    const { error: refused } = await anon.storage
      .from('property-photos')
      .download(photos![0]!.storage_path);
    expect(refused).not.toBeNull();
  });

  it("uploads the work orders' before and after photos where their rows point", async () => {
    const tech = createClient(url, WELL_KNOWN.anonKey, opts);
    const { error } = await tech.auth.signInWithPassword({
      email: 'technician@arivia.local',
      password: 'arivia-demo',
    });
    expect(error).toBeNull();
    const { data: photos } = await tech
      .from('work_order_photos')
      .select('storage_path, kind')
      .like('storage_path', '3a0c0000-%');
    expect(new Set(photos?.map((p) => p.kind))).toEqual(new Set(['before', 'after']));
    for (const { storage_path } of photos!) {
      const { data, error: dl } = await tech.storage
        .from('work-order-photos')
        .download(storage_path);
      expect(dl).toBeNull();
      const local = readFileSync(
        path.join(REPO_ROOT, 'supabase/seeds/work-order-photos', storage_path),
      );
      expect(Buffer.from(await data!.arrayBuffer()).equals(local)).toBe(true);
    }
    const anon = createClient(url, WELL_KNOWN.anonKey, opts);
    const { error: refused } = await anon.storage
      .from('work-order-photos')
      .download(photos![0]!.storage_path);
    expect(refused).not.toBeNull();
  });
});
