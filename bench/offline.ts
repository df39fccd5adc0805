// Offline soak (OFFLINE.md "How it is proven"): the real sync engine of the production build, in
// Chromium, across many offline / online cycles with injected faults; then the server is counted.
//
// The app is built for this port with VITE_BENCH_HOOKS=1, which exposes the engine's own write
// builders and queue on window.__ariviaBench (src/offline/bench-hooks.ts; absent from normal
// builds). The local backend runs in this process on a fresh in-memory PGlite (or
// BENCH_DATABASE_URL). Chromium signs in as the demo manager and waits for the service worker to
// control the page. Each cycle: offline; a batch of mixed writes (villa creates, edits, deletes,
// photos with their gallery rows, stay creates, stay cancels with their base version, and writes
// the server must refuse); sometimes a reload while the entries wait; a fault plan on the backend
// paths (5xx, 429 + Retry-After, aborted requests, slow answers, answers lost after the server
// applied the write), seeded so a run is reproducible; online; the drain is timed until the queue
// holds only the refused entries - the engine's own triggers do the work (the `online` event, its
// timer). Refused entries must be visible as `rejected` with their reason; they are then
// discarded, as a user would. At the end the server is read with the service role key and
// compared with the model kept here: L lost, D duplicated, R rejected.
//
// Then the checklist soak (bench/offline-checklist.ts, issue 16) runs on the same build and
// backend: a housekeeper's checklist runs, with the same fault plan (bench/offline-faults.ts);
// then the inventory soak (bench/offline-inventory.ts, issue 30): her counts and a clean's uses.
//
// Run: npm run bench -- offline   (BENCH_CYCLES=24, BENCH_SEED, BENCH_OFFLINE_PORT=4687,
// BENCH_DATABASE_URL=postgres://… to run on PostgreSQL instead of PGlite,
// BENCH_OFFLINE_SOAKS=villas,checklist,inventory to choose the soaks, BENCH_OFFLINE_REUSE_BUILD=1 to keep
// the last build of this port)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { prng } from '../scripts/prng.mjs';
import { startServer } from '../server/app.ts';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import type { QueueEntry } from '../src/offline/queue-entry.ts';
import { percentile } from './load.ts';
import { checklistSoak } from './offline-checklist.ts';
import { inventorySoak } from './offline-inventory.ts';
import { FaultInjector, int, pick } from './offline-faults.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 4687);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 24);
const SEED = Number(process.env.BENCH_SEED ?? 20261121);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
/** Which soaks to run: the villas' writes, the checklist runs (issue 16), inventory (issue 30). */
const SOAKS = (process.env.BENCH_OFFLINE_SOAKS ?? 'villas,checklist,inventory').split(',');
/** Longest a drain may take before the cycle is declared stuck. */
const DRAIN_TIMEOUT_MS = 5 * 60_000;
const BUCKET = 'property-photos';
const SERVICE = WELL_KNOWN.serviceRoleKey;
const PUBLISHABLE = WELL_KNOWN.publishableKey;

// --- seeded randomness ----------------------------------------------------------------------------

const rng = prng(SEED);
/** A v4-shaped UUID from the seeded generator (ids are reproducible; mutation ids are the app's). */
function uuid(r: () => number): string {
  const h = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  h[12] = '4';
  h[16] = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

// --- the model of what the server must hold -------------------------------------------------------

interface Villa {
  id: string;
  code: string;
  name: string;
  notes: string;
  bedrooms: number;
  alive: boolean;
  /** Never given stays or photos, so it may be deleted (a villa with history cannot be). */
  disposable: boolean;
  createdCycle: number;
  nextDay: number;
}
interface Stay {
  id: string;
  villaId: string;
  checkIn: string;
  checkOut: string;
  status: 'confirmed' | 'cancelled';
  createdCycle: number;
}
interface Photo {
  id: string;
  villaId: string;
  path: string;
  size: number;
  sha256: string;
}

type WriteKind = 'create' | 'edit' | 'delete' | 'photo' | 'stay' | 'cancel' | 'refused';

/** One user write; a photo is one write of two queue entries (the upload, then its row). */
interface UserWrite {
  tag: number;
  kind: WriteKind;
  cycle: number;
  table: string;
  rowId: string;
  /** The sync_mutations operation the server must record once; null for a storage upload. */
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  mutationId?: string;
  uploadMutationId?: string;
  /** For a refused write: the error code the server must give. */
  refusedCode?: string;
  seenRejected?: { code?: string; message: string };
}

type PageOp =
  | { type: 'insert'; tag: number; table: string; row: Record<string, unknown>; label: string }
  | {
      type: 'update';
      tag: number;
      table: string;
      id: string;
      changes: Record<string, unknown>;
      label: string;
      baseVersion?: string;
    }
  | { type: 'delete'; tag: number; table: string; id: string; label: string }
  | {
      type: 'photo';
      tag: number;
      path: string;
      row: Record<string, unknown> & { id: string };
      label: string;
      rowLabel: string;
      side: number;
      seed: number;
    };

type NewOp = PageOp extends infer O ? (O extends PageOp ? Omit<O, 'tag'> : never) : never;

const villas = new Map<string, Villa>();
const stays = new Map<string, Stay>();
const photos = new Map<string, Photo>();
const writes: UserWrite[] = [];
const refusedIds = new Set<string>();

// --- the backend, over REST with the service role ---------------------------------------------------

let origin = '';
async function rest<T>(query: string): Promise<T> {
  const res = await fetch(`${origin}/rest/v1/${query}`, {
    headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}` },
  });
  if (!res.ok) throw new Error(`GET ${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
/** Reads rows whose column is in a list, in slices (URLs stay short). */
async function restIn<T>(table: string, select: string, column: string, ids: string[]) {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 80) {
    const slice = ids.slice(i, i + 80);
    if (!slice.length) continue;
    out.push(
      ...(await rest<T[]>(
        `${table}?select=${select}&${column}=in.(${slice.join(',')})&limit=10000`,
      )),
    );
  }
  return out;
}
async function storageList(prefix: string): Promise<{ name: string }[]> {
  const res = await fetch(`${origin}/storage/v1/object/list/${BUCKET}`, {
    method: 'POST',
    headers: {
      apikey: SERVICE,
      Authorization: `Bearer ${SERVICE}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ prefix, limit: 1000, offset: 0 }),
  });
  if (!res.ok) throw new Error(`list ${prefix}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { name: string }[];
}
async function storageSha(objectPath: string): Promise<{ size: number; sha256: string } | null> {
  const res = await fetch(`${origin}/storage/v1/object/${BUCKET}/${objectPath}`, {
    headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}` },
  });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`object ${objectPath}: ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  return { size: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
}

// --- faults: bench/offline-faults.ts -----------------------------------------------------------------

const fx = new FaultInjector();

// --- the browser ------------------------------------------------------------------------------------

async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__ariviaBench !== undefined, undefined, {
    timeout: 60_000,
  });
  // The engine starts once the signed-in frame is up; give its start-up replay a moment.
  await page.waitForTimeout(500);
}

async function runOps(page: Page, ops: PageOp[], userId: string) {
  return page.evaluate(
    async ({ ops, userId }) => {
      const b = window.__ariviaBench!;
      const made: { tag: number; size: number; sha256: string }[] = [];
      const options = { userId, waitMs: 50 };
      for (const op of ops) {
        if (op.type === 'insert') {
          await b.queueWrite(b.insertRow(op.table, op.row as { id: string }, op.label), options);
        } else if (op.type === 'update') {
          await b.queueWrite(
            b.updateRow(op.table, op.id, op.changes, op.label, op.baseVersion),
            options,
          );
        } else if (op.type === 'delete') {
          await b.queueWrite(b.deleteRow(op.table, op.id, op.label), options);
        } else {
          // A PNG of seeded noise (it does not compress: about 3 bytes a pixel).
          let s = op.seed >>> 0 || 1;
          const canvas = new OffscreenCanvas(op.side, op.side);
          const ctx = canvas.getContext('2d')!;
          const img = ctx.createImageData(op.side, op.side);
          for (let i = 0; i < img.data.length; i += 4) {
            s ^= s << 13;
            s ^= s >>> 17;
            s ^= s << 5;
            s >>>= 0;
            img.data[i] = s & 255;
            img.data[i + 1] = (s >>> 8) & 255;
            img.data[i + 2] = (s >>> 16) & 255;
            img.data[i + 3] = 255;
          }
          ctx.putImageData(img, 0, 0);
          const blob = await canvas.convertToBlob({ type: 'image/png' });
          const digest = new Uint8Array(
            await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()),
          );
          const sha256 = Array.from(digest, (x) => x.toString(16).padStart(2, '0')).join('');
          await b.queueWrites(
            [
              b.uploadObject('property-photos', op.path, blob, op.label),
              b.insertRow('property_photos', op.row, op.rowLabel),
            ],
            options,
          );
          made.push({ tag: op.tag, size: blob.size, sha256 });
        }
      }
      return made;
    },
    { ops, userId },
  );
}

type PageEntry = Pick<
  QueueEntry,
  'id' | 'mutationId' | 'label' | 'status' | 'lastError' | 'attempts' | 'target'
>;

function entries(page: Page): Promise<PageEntry[]> {
  return page.evaluate(async () =>
    (await window.__ariviaBench!.listEntries()).map((e) => ({
      id: e.id,
      mutationId: e.mutationId,
      label: e.label,
      status: e.status,
      lastError: e.lastError,
      attempts: e.attempts,
      target: e.target,
    })),
  );
}

/**
 * Polls the queue every 100 ms until nothing waits to be sent: what is left is refused (the
 * cycle's refused writes; anything else is reported by the caller).
 */
function waitDrained(page: Page, timeoutMs: number) {
  return page.evaluate(async (timeoutMs) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const all = await window.__ariviaBench!.listEntries();
      if (all.every((e) => e.status !== 'pending')) return true;
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, timeoutMs);
}

// --- one cycle's writes ---------------------------------------------------------------------------------

let tagSeq = 0;
const RUN = SEED.toString(36).toUpperCase().slice(-4);
const tagOf = (n: number) => `#w${n}`;
const dayIso = (day: number, hour: number) =>
  new Date(Date.UTC(2027, 2, 1 + day, hour)).toISOString();

async function planCycle(cycle: number): Promise<{ ops: PageOp[]; cycleWrites: UserWrite[] }> {
  const ops: PageOp[] = [];
  const cycleWrites: UserWrite[] = [];
  const add = (w: Omit<UserWrite, 'tag' | 'cycle'>, op: NewOp) => {
    const tag = ++tagSeq;
    cycleWrites.push({ ...w, tag, cycle });
    const labelled = { ...op, tag, label: `${op.label} ${tagOf(tag)}` };
    if (labelled.type === 'photo') labelled.rowLabel = `${labelled.rowLabel} ${tagOf(tag)}`;
    ops.push(labelled);
    return tag;
  };
  const alive = () => [...villas.values()].filter((v) => v.alive);
  const earlier = () => alive().filter((v) => v.createdCycle < cycle);

  // Creates (the first cycle makes more, so later kinds have villas to work on).
  const creates = cycle === 0 ? 8 : 6;
  for (let i = 0; i < creates; i++) {
    const id = uuid(rng);
    const code = `SOAK-${RUN}-${cycle}-${i}`;
    const v: Villa = {
      id,
      code,
      name: `Soak villa ${cycle}.${i}`,
      notes: '',
      bedrooms: 1 + (i % 5),
      alive: true,
      disposable: i % 3 === 2,
      createdCycle: cycle,
      nextDay: 0,
    };
    villas.set(id, v);
    add(
      { kind: 'create', table: 'properties', rowId: id, op: 'INSERT' },
      {
        type: 'insert',
        table: 'properties',
        row: {
          id,
          code,
          name: v.name,
          type: pick(rng, ['villa', 'house', 'apartment', 'suite', 'studio'] as const),
          status: 'active',
          address: `Soak street ${cycle}-${i}`,
          area: pick(rng, ['Oia, Santorini', 'Naoussa, Paros', 'Chora, Naxos']),
          bedrooms: v.bedrooms,
          bathrooms: 1,
          max_guests: 2 + 2 * (i % 4),
          owner_name: 'Soak owner',
          owner_phone: null,
          owner_email: null,
          notes: '',
        },
        label: `New property ${code}`,
      },
    );
  }

  // Edits: last write wins; most of villas already on the server, one made in this cycle.
  for (let i = 0; i < 6; i++) {
    const pool = i === 5 || earlier().length === 0 ? alive() : earlier();
    const v = pick(rng, pool);
    v.name = `Soak villa ${v.code.slice(-5)} edit ${tagSeq + 1}`;
    v.notes = `Edited in cycle ${cycle}, write ${tagSeq + 1}`;
    v.bedrooms = int(rng, 0, 8);
    add(
      { kind: 'edit', table: 'properties', rowId: v.id, op: 'UPDATE' },
      {
        type: 'update',
        table: 'properties',
        id: v.id,
        changes: { name: v.name, notes: v.notes, bedrooms: v.bedrooms },
        label: `Edit property ${v.code}`,
      },
    );
  }

  // Deletes of villas without history, made in an earlier cycle.
  const deletes = cycle % 2 === 0 ? 2 : 1;
  for (let i = 0; i < deletes; i++) {
    const pool = earlier().filter((v) => v.disposable);
    if (!pool.length) break;
    const v = pick(rng, pool);
    v.alive = false;
    add(
      { kind: 'delete', table: 'properties', rowId: v.id, op: 'DELETE' },
      { type: 'delete', table: 'properties', id: v.id, label: `Delete property ${v.code}` },
    );
  }

  // Photos: the upload, then the gallery row behind it.
  for (let i = 0; i < 3; i++) {
    const v = pick(
      rng,
      alive().filter((x) => !x.disposable),
    );
    const id = uuid(rng);
    const objectPath = `${v.id}/${id}.png`;
    const target = int(rng, 20_000, 200_000);
    const position = [...photos.values()].filter((p) => p.villaId === v.id).length;
    photos.set(id, { id, villaId: v.id, path: objectPath, size: 0, sha256: '' });
    add(
      { kind: 'photo', table: 'property_photos', rowId: id, op: 'INSERT' },
      {
        type: 'photo',
        path: objectPath,
        row: { id, property_id: v.id, storage_path: objectPath, position },
        label: `Photo soak-${id.slice(0, 8)}.png`,
        rowLabel: `Photo soak-${id.slice(0, 8)}.png (gallery entry)`,
        side: Math.round(Math.sqrt(target / 3)),
        seed: int(rng, 1, 2 ** 31),
      },
    );
  }

  // New stays, on dates no other stay of the villa uses.
  for (let i = 0; i < 3; i++) {
    const v = pick(
      rng,
      alive().filter((x) => !x.disposable),
    );
    const id = uuid(rng);
    const day = v.nextDay;
    v.nextDay += int(rng, 4, 6);
    const s: Stay = {
      id,
      villaId: v.id,
      checkIn: dayIso(day, 13),
      checkOut: dayIso(day + 3, 8),
      status: 'confirmed',
      createdCycle: cycle,
    };
    stays.set(id, s);
    add(
      { kind: 'stay', table: 'reservations', rowId: id, op: 'INSERT' },
      {
        type: 'insert',
        table: 'reservations',
        row: {
          id,
          property_id: v.id,
          guest_name: `Soak guest ${tagSeq + 1}`,
          guests: 2,
          check_in: s.checkIn,
          check_out: s.checkOut,
          source: 'direct',
          notes: '',
        },
        label: `New stay ${s.checkIn.slice(0, 10)} (Soak guest)`,
      },
    );
  }

  // Cancels of stays already on the server, from the version last read (a state transition).
  const onServer = [...stays.values()].filter(
    (s) => s.status === 'confirmed' && s.createdCycle < cycle,
  );
  const cancels = Math.min(onServer.length, cycle % 2 === 0 ? 1 : 2);
  const chosen = new Set<Stay>();
  while (chosen.size < cancels) chosen.add(pick(rng, onServer));
  const versions = new Map(
    (
      await restIn<{ id: string; updated_at: string }>(
        'reservations',
        'id,updated_at',
        'id',
        [...chosen].map((s) => s.id),
      )
    ).map((r) => [r.id, r.updated_at]),
  );
  for (const s of chosen) {
    s.status = 'cancelled';
    add(
      { kind: 'cancel', table: 'reservations', rowId: s.id, op: 'UPDATE' },
      {
        type: 'update',
        table: 'reservations',
        id: s.id,
        changes: { status: 'cancelled' },
        label: `Cancel stay ${s.checkIn.slice(0, 10)} (Soak guest)`,
        baseVersion: versions.get(s.id)!,
      },
    );
  }

  // One write the server must refuse: a code already in use, or a stay over a confirmed one.
  const confirmedOnServer = [...stays.values()].filter(
    (s) => s.status === 'confirmed' && s.createdCycle < cycle && villas.get(s.villaId)!.alive,
  );
  const id = uuid(rng);
  refusedIds.add(id);
  if (cycle % 2 === 1 && confirmedOnServer.length) {
    const s = pick(rng, confirmedOnServer);
    const checkIn = new Date(Date.parse(s.checkIn) + 86_400_000).toISOString();
    const checkOut = new Date(Date.parse(s.checkOut) + 86_400_000).toISOString();
    add(
      { kind: 'refused', table: 'reservations', rowId: id, op: 'INSERT', refusedCode: '23P01' },
      {
        type: 'insert',
        table: 'reservations',
        row: {
          id,
          property_id: s.villaId,
          guest_name: 'Soak overlapping guest',
          guests: 2,
          check_in: checkIn,
          check_out: checkOut,
          source: 'direct',
          notes: '',
        },
        label: `New stay ${checkIn.slice(0, 10)} (Soak overlapping guest)`,
      },
    );
  } else {
    const taken = pick(rng, alive());
    add(
      { kind: 'refused', table: 'properties', rowId: id, op: 'INSERT', refusedCode: '23505' },
      {
        type: 'insert',
        table: 'properties',
        row: {
          id,
          code: taken.code,
          name: 'Soak duplicate code',
          type: 'villa',
          status: 'active',
          address: '',
          area: 'Oia, Santorini',
          bedrooms: 1,
          bathrooms: 1,
          max_guests: 2,
          owner_name: '',
          owner_phone: null,
          owner_email: null,
          notes: '',
        },
        label: `New property ${taken.code} (again)`,
      },
    );
  }
  return { ops, cycleWrites };
}

// --- verification ---------------------------------------------------------------------------------------

interface Verdict {
  lost: string[];
  duplicated: string[];
  applications: number;
}

async function verify(userId: string): Promise<Verdict> {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const villaIds = [...villas.keys()];
  const serverVillas = await restIn<{
    id: string;
    code: string;
    name: string;
    notes: string;
    bedrooms: number;
  }>('properties', 'id,code,name,notes,bedrooms', 'id', [...villaIds, ...refusedIds]);
  const byCode = await rest<{ id: string; code: string }[]>(
    `properties?select=id,code&code=like.SOAK-${RUN}-*&limit=10000`,
  );
  const serverStays = await restIn<{ id: string; property_id: string; status: string }>(
    'reservations',
    'id,property_id,status',
    'property_id',
    villaIds,
  );
  const serverPhotos = await restIn<{ id: string; property_id: string; storage_path: string }>(
    'property_photos',
    'id,property_id,storage_path',
    'property_id',
    villaIds,
  );
  const mutations = await rest<
    { mutation_id: string; table_name: string; row_key: string; operation: string }[]
  >(
    `sync_mutations?select=mutation_id,table_name,row_key,operation&user_id=eq.${userId}&limit=100000`,
  );

  const sv = new Map(serverVillas.map((v) => [v.id, v]));
  for (const v of villas.values()) {
    const s = sv.get(v.id);
    if (!v.alive) {
      if (s) lost.push(`delete of ${v.code} not applied`);
    } else if (!s) lost.push(`villa ${v.code} missing`);
    else if (s.name !== v.name || s.notes !== v.notes || s.bedrooms !== v.bedrooms)
      lost.push(
        `villa ${v.code}: last edit not on the server (${s.name} / ${s.bedrooms}, want ${v.name} / ${v.bedrooms})`,
      );
  }
  for (const r of refusedIds) if (sv.has(r)) duplicated.push(`refused villa ${r} exists`);
  const modelCodes = new Set([...villas.values()].filter((v) => v.alive).map((v) => v.code));
  const codeCount = new Map<string, number>();
  for (const r of byCode) codeCount.set(r.code, (codeCount.get(r.code) ?? 0) + 1);
  for (const [code, n] of codeCount) {
    if (!modelCodes.has(code)) duplicated.push(`villa ${code} on the server but not expected`);
    else if (n > 1) duplicated.push(`villa ${code} ${n} times`);
  }

  const ss = new Map(serverStays.map((s) => [s.id, s]));
  for (const s of stays.values()) {
    const got = ss.get(s.id);
    if (!got) lost.push(`stay ${s.id} missing`);
    else if (got.status !== s.status) lost.push(`stay ${s.id} is ${got.status}, want ${s.status}`);
  }
  for (const s of serverStays)
    if (!stays.has(s.id)) duplicated.push(`stay ${s.id} on the server but not expected`);

  const sp = new Map(serverPhotos.map((p) => [p.id, p]));
  for (const p of photos.values()) {
    const got = sp.get(p.id);
    if (!got) lost.push(`photo row ${p.id} missing`);
    const obj = await storageSha(p.path);
    if (!obj) lost.push(`photo object ${p.path} missing`);
    else if (obj.sha256 !== p.sha256 || obj.size !== p.size)
      lost.push(`photo object ${p.path}: ${obj.size} bytes, want ${p.size} (content differs)`);
  }
  for (const p of serverPhotos)
    if (!photos.has(p.id)) duplicated.push(`photo row ${p.id} not expected`);
  const photoVillas = new Set([...photos.values()].map((p) => p.villaId));
  const expectedObjects = new Set([...photos.values()].map((p) => p.path));
  for (const villaId of photoVillas) {
    for (const o of await storageList(`${villaId}/`)) {
      const full = `${villaId}/${o.name}`;
      if (!expectedObjects.has(full)) duplicated.push(`object ${full} not expected`);
    }
  }

  // Every write applied exactly once: one record of its own operation, none of anything else.
  const byMutation = new Map<string, typeof mutations>();
  for (const m of mutations) {
    const list = byMutation.get(m.mutation_id) ?? [];
    list.push(m);
    byMutation.set(m.mutation_id, list);
  }
  const known = new Set<string>();
  let applications = 0;
  for (const w of writes) {
    if (w.uploadMutationId) known.add(w.uploadMutationId);
    if (!w.mutationId) {
      lost.push(`write ${tagOf(w.tag)} (${w.kind}) never reached the queue`);
      continue;
    }
    known.add(w.mutationId);
    const recs = byMutation.get(w.mutationId) ?? [];
    applications += recs.length;
    if (w.kind === 'refused') {
      if (recs.length) duplicated.push(`refused write ${tagOf(w.tag)} recorded as applied`);
      continue;
    }
    const own = recs.filter(
      (r) => r.table_name === w.table && r.row_key === w.rowId && r.operation === w.op,
    );
    if (own.length === 0) lost.push(`write ${tagOf(w.tag)} (${w.kind}) not recorded`);
    if (recs.length > 1) duplicated.push(`write ${tagOf(w.tag)} recorded ${recs.length} times`);
  }
  // A record no write of this run made, on a row of the model: applied from nowhere.
  const modelRows = new Set([...villas.keys(), ...stays.keys(), ...photos.keys(), ...refusedIds]);
  for (const [mid, recs] of byMutation)
    if (!known.has(mid) && recs.some((r) => modelRows.has(r.row_key)))
      duplicated.push(`mutation ${mid} applied but never made (${recs.length})`);
  return { lost, duplicated, applications };
}

// --- main -------------------------------------------------------------------------------------------

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The villa soak (the model above): writes, cycles, faults, then the server counted. */
async function villaSoak(browser: Browser, loadBefore: number[], started: number) {
  {
    const signIn = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'manager@arivia.local', password: 'arivia-demo' }),
    });
    const userId = ((await signIn.json()) as { user: { id: string } }).user.id;

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // tsx names functions with esbuild's __name helper; the page has no such global.
    await context.addInitScript(() => {
      (globalThis as { __name?: unknown }).__name = (f: unknown) => f;
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.warn('[page error]', e.message));
    await page.goto(`${origin}/auth`);
    await page.getByLabel('Email').fill('manager@arivia.local');
    await page.getByLabel('Password').fill('arivia-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${origin}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) =>
          navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
        );
    });
    await waitForApp(page);
    await context.route(/\/(rest|storage)\/v1\//, fx.onRequest);

    const cycles: {
      cycle: number;
      writes: number;
      entries: number;
      faultFree: boolean;
      reloaded: boolean;
      reloadDuringDrain: boolean;
      offlineMs: number;
      faults: number;
      failingFaults: number;
      drainMs: number;
      drained: boolean;
    }[] = [];
    let notVisible = 0;
    let refusedCount = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { ops, cycleWrites } = await planCycle(cycle);
      writes.push(...cycleWrites);
      await context.setOffline(true);
      const offlineAt = Date.now();
      const made = await runOps(page, ops, userId);
      for (const m of made) {
        const w = cycleWrites.find((x) => x.tag === m.tag)!;
        Object.assign(photos.get(w.rowId)!, { size: m.size, sha256: m.sha256 });
      }
      // The queue as the Sync Queue panel shows it: every write of this cycle, in order.
      const queued = await entries(page);
      for (const w of cycleWrites) {
        const mine = queued.filter((e) => e.label.endsWith(tagOf(w.tag)));
        const row = mine.find((e) => e.target.kind === 'table');
        const upload = mine.find((e) => e.target.kind === 'storage');
        if (row) w.mutationId = row.mutationId;
        if (upload) w.uploadMutationId = upload.mutationId;
      }
      // A restart while the entries wait (the page comes back from the worker's precache).
      const reloaded = cycle % 5 === 4;
      if (reloaded) {
        await page.reload();
        await waitForApp(page);
        const after = await entries(page);
        if (after.length !== queued.length)
          console.warn(
            `cycle ${cycle}: ${queued.length} entries before reload, ${after.length} after`,
          );
      }
      const faultFree = cycle % 4 === 0;
      fx.startCycle(faultFree ? null : { rate: 0.15 + rng() * 0.2, rand: prng(SEED * 31 + cycle) });
      // Now and then the page is reloaded in the middle of the drain (a request in flight is cut
      // off; the server may have applied it).
      const reloadDuringDrain = cycle % 6 === 3;
      const refused = cycleWrites.filter((w) => w.kind === 'refused');
      const offlineMs = Date.now() - offlineAt;
      const t0 = Date.now();
      await context.setOffline(false);
      if (reloadDuringDrain) {
        await page.waitForTimeout(int(rng, 300, 1500));
        await page.reload();
        await waitForApp(page);
      }
      const drained = await waitDrained(page, DRAIN_TIMEOUT_MS);
      const drainMs = Date.now() - t0;
      fx.plan = null;

      // What the user sees: each refused write in the queue with its reason; then discarded.
      const left = await entries(page);
      for (const w of refused) {
        refusedCount++;
        const e = left.find((x) => x.mutationId === w.mutationId);
        if (e?.status === 'rejected' && e.lastError?.message) {
          w.seenRejected = {
            message: e.lastError.message,
            ...(e.lastError.code ? { code: e.lastError.code } : {}),
          };
          if (e.lastError.code !== w.refusedCode)
            console.warn(`${tagOf(w.tag)} refused with ${e.lastError.code}, want ${w.refusedCode}`);
        } else notVisible++;
      }
      const unexpected = left.filter((e) => !refused.some((w) => w.mutationId === e.mutationId));
      for (const e of unexpected)
        console.warn(`cycle ${cycle}: left in the queue: ${e.label} ${e.status}`, e.lastError);
      await page.evaluate(
        async (ids) => {
          for (const id of ids) await window.__ariviaBench!.discardEntry(id);
        },
        left.filter((e) => refused.some((w) => w.mutationId === e.mutationId)).map((e) => e.id!),
      );
      const entriesCount = queued.length;
      cycles.push({
        cycle,
        writes: cycleWrites.length,
        entries: entriesCount,
        faultFree,
        reloaded,
        reloadDuringDrain,
        offlineMs,
        faults: fx.cycleFaults,
        failingFaults: fx.cycleFails,
        drainMs,
        drained,
      });
      console.log(
        `cycle ${String(cycle + 1).padStart(2)}/${CYCLES}: ${cycleWrites.length} writes (${entriesCount} entries)` +
          `${reloaded ? ', reloaded offline' : ''}${reloadDuringDrain ? ', reloaded while draining' : ''}, ` +
          `${faultFree ? 'no faults' : `${fx.cycleFaults} faults (${fx.cycleFails} failing)`}, ` +
          `drained in ${drainMs} ms${drained ? '' : ' (NOT DRAINED)'}`,
      );
    }

    // Anything still queued (a stuck cycle) is given a last chance before counting.
    await page.waitForTimeout(1000);
    const verdict = await verify(userId);
    const N = writes.length;
    const F = fx.total();
    const L = verdict.lost.length;
    const D = verdict.duplicated.length;
    const R = refusedCount;
    const drains = cycles.map((c) => c.drainMs).sort((a, b) => a - b);
    const clean = cycles
      .filter((c) => c.faultFree)
      .map((c) => c.drainMs)
      .sort((a, b) => a - b);
    const faulty = cycles
      .filter((c) => !c.faultFree)
      .map((c) => c.drainMs)
      .sort((a, b) => a - b);
    const delivered = [...fx.deliveries.entries()];
    const deliveryCount = delivered.reduce((a, [, n]) => a + n, 0);
    const redelivered = delivered.filter(([, n]) => n > 1);
    const lostAnswerRedelivered = [...fx.appliedAnswerLost].filter(
      (m) => (fx.deliveries.get(m) ?? 0) > 1,
    ).length;
    const entryCount = cycles.reduce((a, c) => a + c.entries, 0);
    const stats = (xs: number[]) => ({
      p50: percentile(xs, 50),
      p95: percentile(xs, 95),
      max: xs.at(-1) ?? NaN,
    });

    const headline = `${N} writes, ${CYCLES} cycles, ${F} faults: ${L} lost, ${D} duplicated, ${R} rejected (${
      notVisible === 0 ? 'all visible' : `${notVisible} NOT visible`
    })`;
    const all = stats(drains);
    const drainLine = `drain after reconnect: p50 ${all.p50} ms, p95 ${all.p95} ms (max ${all.max} ms)`;
    console.log(`\n${headline}`);
    console.log(drainLine);
    if (clean.length) {
      const c = stats(clean);
      console.log(
        `  fault-free cycles (${clean.length}): p50 ${c.p50} ms, p95 ${c.p95} ms (max ${c.max} ms)`,
      );
    }
    if (faulty.length) {
      const c = stats(faulty);
      console.log(
        `  cycles with faults (${faulty.length}): p50 ${c.p50} ms, p95 ${c.p95} ms (max ${c.max} ms)`,
      );
    }
    const failing = cycles.filter((c) => !c.faultFree).reduce((a, c) => a + c.failingFaults, 0);
    const cleanP50 = clean.length ? percentile(clean, 50) : 0;
    const beyondClean = faulty.reduce((a, ms) => a + ms - cleanP50, 0);
    const perFailure = failing ? r1(beyondClean / failing) : null;
    if (failing)
      console.log(
        `  ${failing} failed deliveries in those cycles: ${perFailure} ms of drain each beyond the fault-free p50`,
      );
    const byKind = Object.entries(fx.faults).map(([k, n]) => `${k} ${n}`);
    const where = `on table writes ${fx.faultsOn.rest}, photo uploads ${fx.faultsOn.storage}, applied-before checks ${fx.faultsOn.check}`;
    const fallbacks = fx.faultFallbacks
      ? ` (${fx.faultFallbacks} answer-lost turned into aborts: no body to resend)`
      : '';
    console.log(`faults: ${byKind.join(', ')}; ${where}${fallbacks}`);
    console.log(
      `redeliveries absorbed: ${deliveryCount} deliveries of ${delivered.length} mutations ` +
        `(${entryCount} queue entries), ${redelivered.length} sent more than once ` +
        `(${lostAnswerRedelivered} of them after the server had applied them and the answer was lost); ` +
        `${verdict.applications} applications recorded in sync_mutations`,
    );
    for (const l of verdict.lost.slice(0, 20)) console.log(`  LOST: ${l}`);
    for (const d of verdict.duplicated.slice(0, 20)) console.log(`  DUPLICATED: ${d}`);

    const result = {
      date: new Date().toISOString(),
      host: `${os.cpus().length} cpu, ${os.cpus()[0]?.model ?? ''}`.trim(),
      loadavgBefore: loadBefore,
      loadavgAfter: os.loadavg().map(r1),
      database: DATABASE_URL ? 'postgresql' : 'pglite',
      seed: SEED,
      minutes: r1((Date.now() - started) / 60_000),
      headline,
      drainLine,
      writes: N,
      writesByKind: Object.fromEntries(
        (['create', 'edit', 'delete', 'photo', 'stay', 'cancel', 'refused'] as const).map((k) => [
          k,
          writes.filter((w) => w.kind === k).length,
        ]),
      ),
      queueEntries: entryCount,
      cycles: CYCLES,
      faults: F,
      faultsByKind: fx.faults,
      faultsOn: fx.faultsOn,
      faultFallbacks: fx.faultFallbacks,
      lost: L,
      duplicated: D,
      rejected: R,
      rejectedNotVisible: notVisible,
      drainMs: all,
      drainFaultFreeMs: clean.length ? stats(clean) : null,
      drainWithFaultsMs: faulty.length ? stats(faulty) : null,
      failedDeliveries: failing,
      drainPerFailedDeliveryMs: perFailure,
      deliveries: deliveryCount,
      mutationsDelivered: delivered.length,
      redeliveredMutations: redelivered.length,
      appliedAnswerLost: fx.appliedAnswerLost.size,
      appliedAnswerLostRedelivered: lostAnswerRedelivered,
      syncMutationChecks: fx.checkRequests,
      applicationsRecorded: verdict.applications,
      lostDetail: verdict.lost,
      duplicatedDetail: verdict.duplicated,
      perCycle: cycles,
    };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench', 'results', 'offline.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    await context.close();
    if (L > 0 || D > 0 || notVisible > 0 || cycles.some((c) => !c.drained)) process.exitCode = 1;
  }
}

async function main() {
  origin = `http://127.0.0.1:${PORT}`;
  const dist = path.join(root, '.data', 'bench-offline-dist');
  // BENCH_OFFLINE_REUSE_BUILD=1 keeps the last build of this port (when trying the bench out).
  const reuse =
    process.env.BENCH_OFFLINE_REUSE_BUILD === '1' && existsSync(path.join(dist, 'index.html'));
  if (!reuse) console.log('building the app with the bench hooks…');
  if (!reuse)
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        VITE_SUPABASE_URL: origin,
        VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE,
        VITE_SUPABASE_PROJECT_ID: 'arivia-ops',
        VITE_SUPPORT_EMAIL: 'support@arivia.local',
        VITE_BENCH_HOOKS: '1',
      },
    });
  const server = await startServer({
    workdir: root,
    port: PORT,
    host: '127.0.0.1',
    dataDir: null,
    ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
    env: {},
    appDir: dist,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const loadBefore = os.loadavg().map(r1);
  const started = Date.now();
  try {
    if (SOAKS.includes('villas')) await villaSoak(browser, loadBefore, started);
    /** A soak after the villas': its lines printed, its figures in bench/results/<file>.json. */
    const report = (file: string, result: { ok: boolean; lines: string[]; json: object }) => {
      console.log('');
      for (const line of result.lines) console.log(line);
      mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
      writeFileSync(
        path.join(root, 'bench', 'results', `${file}.json`),
        `${JSON.stringify(
          {
            date: new Date().toISOString(),
            host: `${os.cpus().length} cpu, ${os.cpus()[0]?.model ?? ''}`.trim(),
            loadavgBefore: loadBefore,
            loadavgAfter: os.loadavg().map(r1),
            database: DATABASE_URL ? 'postgresql' : 'pglite',
            seed: SEED,
            minutes: r1((Date.now() - started) / 60_000),
            ...result.json,
          },
          null,
          2,
        )}\n`,
      );
      if (!result.ok) process.exitCode = 1;
    };
    const soak = { browser, origin, seed: SEED, cycles: CYCLES, drainTimeoutMs: DRAIN_TIMEOUT_MS };
    if (SOAKS.includes('checklist')) {
      console.log('\n## checklist soak');
      report('offline-checklist', await checklistSoak({ ...soak, root }));
    }
    if (SOAKS.includes('inventory')) {
      console.log('\n## inventory soak');
      report('offline-inventory', await inventorySoak(soak));
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
