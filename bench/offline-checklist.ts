// Checklist soak (issue 16; run by bench/offline.ts after the villa soak): a housekeeper's days of
// checklist runs made offline on the production build in Chromium, through the app's own sync
// queue, across many offline / online cycles with the villa soak's fault plan
// (bench/offline-faults.ts); then the server is counted.
//
// Signed in as the demo housekeeper through /auth, with the service worker controlling the page.
// Each run is one clean of hers (made here with the service key: a villa, a 48-item checklist of
// every kind with 3 photo items, the clean assigned to her). A run spreads over two cycles: in the
// first, offline, she starts it and does half the items; in the next she does the rest, changes
// two answers (a newer answered_at wins), reports the failed item as a work order and finishes it.
// Every cycle also finishes a clean of hers with nothing answered, which the server must refuse
// (23514, visible in the queue, then discarded as a user would). The writes are the field app's
// (src/features/housekeeping/api/: answer-item.ts, add-photo.ts, move-clean.ts, report-problem.ts):
// an answer is one answer_checklist_item call; a photo is its upload to clean-photos,
// record_checklist_photo, then the item's answer; start and finish are transition_cleaning_task
// with the version; a problem is a work_orders insert with an id made on the device. They are queued with the engine's own queueWrites (window.__ariviaBench,
// the build's bench hooks), one after the other as taps would be. Photos are made as a phone's
// camera makes them - a 4032 x 3024 JPEG of a drawn room with sensor noise - and go through the
// app's own preparePhoto (src/lib/photo-compress.ts, bundled for the page):
// compressed, hashed, queued.
//
// Tap to "saved on this phone": for every answer, from the moment the app's write is called (what
// the checklist's change handler does) to the `complete` event of the IndexedDB transaction that
// added its queue entry (an init script wraps IDBObjectStore.add on the sync-queue store), i.e.
// the entry is durable. React's own handling of the tap before the call is not included.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from '@playwright/test';
import { prng } from '../scripts/prng.mjs';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import { percentile } from './load.ts';
import { FaultInjector, int } from './offline-faults.ts';
import {
  entries,
  serviceApi,
  signIn,
  signInPage,
  waitDrained,
  type ServiceApi,
} from './soak-support.ts';

const SERVICE = WELL_KNOWN.serviceRoleKey;
const BUCKET = 'clean-photos';
const HOUSEKEEPER = 'housekeeper@arivia.local';

// --- the checklist ---------------------------------------------------------------------------------

type Kind = 'tick' | 'yes_no' | 'number' | 'text' | 'photo';
interface Item {
  id: string;
  label: string;
  kind: Kind;
  required: boolean;
  critical: boolean;
  min?: number;
  max?: number;
  unit?: string;
}
const ROOMS = ['Entrance', 'Kitchen', 'Bedrooms', 'Bathrooms', 'Pool', 'Outside'];
/** 6 rooms x 8 items: 21 ticks, 12 yes/no, 6 numbers, 6 texts (3 optional), 3 photos. */
function checklistItems(): { id: string; title: string; items: Item[] }[] {
  return ROOMS.map((title, s) => {
    const room = title.toLowerCase();
    const kinds: Kind[] = ['tick', 'tick', 'yes_no', 'tick', 'number', 'yes_no', 'text'];
    kinds.push(s % 2 === 0 ? 'photo' : 'tick');
    return {
      id: room,
      title,
      items: kinds.map((kind, i) => ({
        id: `${room}-${i}`,
        label: `${title} item ${i + 1} (${kind})`,
        kind,
        required: !(kind === 'text' && s % 2 === 1),
        critical: kind === 'yes_no' && i === 2,
        ...(kind === 'number' ? { min: 0, max: 10, unit: 'ppm' } : {}),
      })),
    };
  });
}
const SECTIONS = checklistItems();
const ITEMS = SECTIONS.flatMap((s) => s.items);
/** The item answered "no" in every run, then reported as a problem. */
const FAILED_ITEM = 'kitchen-2';

// --- the backend with the service key ----------------------------------------------------------------

let origin = '';
let service: ServiceApi;
const svc = <T>(method: string, query: string, body?: unknown) =>
  service.svc<T>(method, query, body);
const svcIn = <T>(table: string, select: string, column: string, ids: string[], per?: number) =>
  service.svcIn<T>(table, select, column, ids, per);
async function objectSha(objectPath: string): Promise<{ size: number; sha256: string } | null> {
  const res = await fetch(`${origin}/storage/v1/object/${BUCKET}/${objectPath}`, {
    headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}` },
  });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`object ${objectPath}: ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  return { size: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
}
async function objectList(prefix: string): Promise<{ name: string }[]> {
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

// --- the model ------------------------------------------------------------------------------------------

interface Run {
  index: number;
  taskId: string;
  propertyId: string;
  code: string;
  version: number;
  /** The final answer of each item: what the server must hold. */
  answers: Map<string, { value: unknown; note: string; flagged: boolean }>;
}
interface Photo {
  id: string;
  taskId: string;
  itemId: string;
  path: string;
  size: number;
  sha256: string;
}
const hasTag = (label: string, tag: string) => label.endsWith(tag) || label.includes(`${tag} `);

type WriteKind = 'start' | 'answer' | 'reanswer' | 'photo' | 'problem' | 'finish' | 'refused';
interface UserWrite {
  tag: string;
  kind: WriteKind;
  cycle: number;
  /** The label of the queue entry that carries the write's mutation (a photo: its answer). */
  mutationId?: string;
  refusedCode?: string;
  seen?: { code?: string; message: string };
}

/** What the page does, in order. */
type PageOp =
  | {
      type: 'rpc';
      tag: string;
      fn: string;
      body: Record<string, unknown>;
      rowId: string;
      label: string;
      /** An answer: answered_at is the moment of the tap, and its latency is measured. */
      answer: boolean;
    }
  | {
      type: 'insert';
      tag: string;
      table: string;
      row: Record<string, unknown> & { id: string };
      label: string;
    }
  | {
      type: 'photo';
      tag: string;
      taskId: string;
      itemId: string;
      photoId: string;
      label: string;
      seed: number;
    };

type NewOp = PageOp extends infer O ? (O extends PageOp ? Omit<O, 'tag'> : never) : never;

// --- the page -------------------------------------------------------------------------------------------

interface PhotoHooks {
  preparePhoto: (file: Blob) => Promise<{ id: string; blob: Blob; sha256: string }>;
  compressPhoto: (file: Blob) => Promise<Blob>;
}
type BenchWindow = Window & {
  __benchPhoto?: PhotoHooks;
  __benchCommitted?: Map<string, () => number | undefined>;
};

/**
 * Records when each sync-queue entry's transaction committed, by its label: every transaction
 * gets a `complete` listener when it is made (before the app's idb library adds its own, whose
 * promise resumes the app's code), and an add to sync-queue names its transaction.
 */
function commitWatcher() {
  const w = window as BenchWindow;
  const committedAt = new WeakMap<IDBTransaction, number>();
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    const tx = transaction.apply(this, args);
    tx.addEventListener('complete', () => committedAt.set(tx, performance.now()));
    return tx;
  };
  const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    const req = add.call(this, value, key);
    const label = (value as { label?: unknown } | null)?.label;
    if (this.name === 'sync-queue' && typeof label === 'string') {
      const tx = this.transaction;
      (w.__benchCommitted ??= new Map()).set(label, () => committedAt.get(tx));
    }
    return req;
  };
}

async function waitForApp(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        window.__ariviaBench !== undefined && (window as BenchWindow).__benchPhoto !== undefined,
      undefined,
      { timeout: 60_000 },
    )
    .catch(async (e: unknown) => {
      const seen = await page.evaluate(() => ({
        url: location.href,
        hooks: typeof window.__ariviaBench,
        photo: typeof (window as BenchWindow).__benchPhoto,
      }));
      throw new Error(`the app's bench hooks did not arrive: ${JSON.stringify(seen)}`, {
        cause: e,
      });
    });
  await page.waitForTimeout(500);
}

interface OpResult {
  tag: string;
  /** ms from the write's call to its entry committed in IndexedDB (answers and photos). */
  savedMs?: number;
  /** A photo: the source and the queued file. */
  photo?: { sourceBytes: number; size: number; sha256: string; width: number; height: number };
  /** A photo: ms to compress and hash it before it is queued. */
  prepareMs?: number;
}

function runOps(page: Page, ops: PageOp[], userId: string): Promise<OpResult[]> {
  return page.evaluate(
    async ({ ops, userId, bucket }) => {
      const b = window.__ariviaBench!;
      const w = window as BenchWindow;
      const photoHooks = w.__benchPhoto!;
      const options = { userId, waitMs: 50 };
      const rpcWrite = (
        fn: string,
        body: Record<string, unknown>,
        label: string,
        rowId: string,
      ) => ({
        target: { kind: 'rpc' as const, name: fn, rowId },
        label,
        method: 'POST' as const,
        path: `/rest/v1/rpc/${fn}`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        values: body,
      });
      const committed = (label: string) => w.__benchCommitted?.get(label)?.();

      /** A phone camera's photo of a room: 4032 x 3024, drawn, with sensor noise, JPEG 0.9. */
      async function cameraPhoto(seed: number): Promise<Blob> {
        let s = seed >>> 0 || 1;
        const r = () => {
          s ^= s << 13;
          s ^= s >>> 17;
          s ^= s << 5;
          s >>>= 0;
          return s / 4294967296;
        };
        const W = 4032;
        const H = 3024;
        const c = new OffscreenCanvas(W, H);
        const x = c.getContext('2d')!;
        let g = x.createLinearGradient(0, 0, W, H * 0.62);
        g.addColorStop(0, `hsl(${30 + r() * 30},25%,${72 + r() * 12}%)`);
        g.addColorStop(1, `hsl(${20 + r() * 30},20%,${48 + r() * 15}%)`);
        x.fillStyle = g;
        x.fillRect(0, 0, W, H * 0.62);
        g = x.createLinearGradient(0, H * 0.6, 0, H);
        g.addColorStop(0, `hsl(${25 + r() * 20},35%,${40 + r() * 10}%)`);
        g.addColorStop(1, `hsl(${20 + r() * 20},40%,${22 + r() * 10}%)`);
        x.fillStyle = g;
        x.fillRect(0, H * 0.6, W, H * 0.4);
        // Floor boards.
        x.strokeStyle = 'rgba(40,25,10,0.35)';
        for (let i = 0; i < 40; i++) {
          x.lineWidth = 2 + r() * 4;
          x.beginPath();
          x.moveTo(r() * W, H * 0.6);
          x.lineTo(r() * W * 1.4 - W * 0.2, H);
          x.stroke();
        }
        // A window with daylight.
        const wx = W * (0.1 + r() * 0.5);
        const wy = H * 0.12;
        g = x.createRadialGradient(wx + 500, wy + 400, 50, wx + 500, wy + 400, 900);
        g.addColorStop(0, '#ffffff');
        g.addColorStop(1, `hsl(${200 + r() * 20},60%,75%)`);
        x.fillStyle = g;
        x.fillRect(wx, wy, 1000, 800);
        x.fillStyle = '#eeeeee';
        x.fillRect(wx + 490, wy, 20, 800);
        x.fillRect(wx, wy + 390, 1000, 20);
        // Furniture.
        for (let i = 0; i < 10; i++) {
          const fx = r() * W;
          const fy = H * (0.35 + r() * 0.5);
          const fw = 200 + r() * 1200;
          const fh = 150 + r() * 700;
          g = x.createLinearGradient(fx, fy, fx + fw, fy + fh);
          const hue = r() * 360;
          g.addColorStop(0, `hsl(${hue},${20 + r() * 40}%,${30 + r() * 40}%)`);
          g.addColorStop(1, `hsl(${hue},${20 + r() * 40}%,${15 + r() * 30}%)`);
          x.fillStyle = g;
          if (r() < 0.5) x.fillRect(fx, fy, fw, fh);
          else {
            x.beginPath();
            x.ellipse(fx, fy, fw / 2, fh / 2, r() * Math.PI, 0, Math.PI * 2);
            x.fill();
          }
        }
        // Sensor noise (luma and a little colour), as a phone's camera leaves it.
        const img = x.getImageData(0, 0, W, H);
        const d = img.data;
        let n = s || 7;
        for (let i = 0; i < d.length; i += 4) {
          n ^= n << 13;
          n ^= n >>> 17;
          n ^= n << 5;
          const luma = ((n & 31) - 16) >> 1;
          d[i] = d[i]! + luma + (((n >>> 8) & 7) - 4);
          d[i + 1] = d[i + 1]! + luma;
          d[i + 2] = d[i + 2]! + luma + (((n >>> 16) & 7) - 4);
        }
        x.putImageData(img, 0, 0);
        return c.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      }

      const out: {
        tag: string;
        savedMs?: number;
        prepareMs?: number;
        photo?: {
          sourceBytes: number;
          size: number;
          sha256: string;
          width: number;
          height: number;
        };
      }[] = [];
      for (const op of ops) {
        if (op.type === 'rpc') {
          const body = op.answer ? { ...op.body, answered_at: new Date().toISOString() } : op.body;
          const t0 = performance.now();
          await b.queueWrites([rpcWrite(op.fn, body, op.label, op.rowId)], options);
          const t1 = committed(op.label);
          out.push({ tag: op.tag, ...(op.answer && t1 ? { savedMs: t1 - t0 } : {}) });
        } else if (op.type === 'insert') {
          await b.queueWrite(b.insertRow(op.table, op.row, op.label), options);
          out.push({ tag: op.tag });
        } else {
          const source = await cameraPhoto(op.seed);
          const t0 = performance.now();
          const prepared = await photoHooks.preparePhoto(source);
          const prepareMs = performance.now() - t0;
          const bitmap = await createImageBitmap(prepared.blob);
          const objectPath = `${op.taskId}/${op.photoId}.jpg`;
          const answerLabel = `${op.label} (answer)`;
          await b.queueWrites(
            [
              b.uploadObject(bucket, objectPath, prepared.blob, `${op.label} (upload)`),
              rpcWrite(
                'record_checklist_photo',
                {
                  photo_id: op.photoId,
                  task_id: op.taskId,
                  item_id: op.itemId,
                  storage_path: objectPath,
                  bytes: prepared.blob.size,
                  sha256: prepared.sha256,
                },
                `${op.label} (record)`,
                op.photoId,
              ),
              rpcWrite(
                'answer_checklist_item',
                {
                  task_id: op.taskId,
                  item_id: op.itemId,
                  value: true,
                  note: '',
                  flagged: false,
                  answered_at: new Date().toISOString(),
                },
                answerLabel,
                `${op.taskId}:${op.itemId}`,
              ),
            ],
            options,
          );
          const t1 = committed(answerLabel);
          out.push({
            tag: op.tag,
            prepareMs,
            ...(t1 ? { savedMs: t1 - t0 } : {}),
            photo: {
              sourceBytes: source.size,
              size: prepared.blob.size,
              sha256: prepared.sha256,
              width: bitmap.width,
              height: bitmap.height,
            },
          });
          bitmap.close();
        }
      }
      return out;
    },
    { ops, userId, bucket: BUCKET },
  );
}

// --- the soak -------------------------------------------------------------------------------------------

export interface ChecklistSoakOptions {
  browser: Browser;
  origin: string;
  root: string;
  seed: number;
  cycles: number;
  drainTimeoutMs: number;
}

export interface ChecklistSoakResult {
  ok: boolean;
  lines: string[];
  json: Record<string, unknown>;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

export async function checklistSoak(o: ChecklistSoakOptions): Promise<ChecklistSoakResult> {
  origin = o.origin;
  service = serviceApi(origin);
  const rng = prng(o.seed * 7 + 16);
  const runsWanted = o.cycles - 1;
  const fx = new FaultInjector();
  const writes: UserWrite[] = [];
  const photos = new Map<string, Photo>();
  const workOrders = new Map<string, { taskId: string; itemId: string }>();
  const saved: number[] = [];
  const photoSaved: number[] = [];
  const prepare: number[] = [];
  const photoSizes: { sourceBytes: number; size: number; width: number; height: number }[] = [];
  let tagSeq = 0;
  const tag = () => `#c${++tagSeq}`;
  const RUN = o.seed.toString(36).toUpperCase().slice(-4);

  // Her account and the things she works on.
  const { userId } = await signIn(origin, HOUSEKEEPER);
  const [template] = await svc<{ id: string }[]>('POST', 'checklist_templates', {
    name: `Soak checklist ${RUN} ${Date.now().toString(36)}`,
  });
  const [version] = await svc<{ id: string; item_count: number }[]>(
    'POST',
    'checklist_template_versions',
    { template_id: template!.id, content: { sections: SECTIONS } },
  );
  const [deep] = await svc<{ id: string }[]>('GET', 'cleaning_types?select=id&code=eq.deep_clean');
  const villas: { id: string; code: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const code = `CSOAK-${RUN}-${Date.now().toString(36).slice(-4)}-${i}`.toUpperCase();
    const [v] = await svc<{ id: string }[]>('POST', 'properties', {
      code,
      name: `Checklist soak villa ${i}`,
      area: 'Soak Bay, Milos',
      bedrooms: 3,
    });
    villas.push({ id: v!.id, code });
  }
  /** A clean of hers, on its own day years ahead, with the soak's checklist. */
  async function makeClean(
    n: number,
  ): Promise<{ taskId: string; version: number; villa: (typeof villas)[number] }> {
    const villa = villas[n % villas.length]!;
    const day = new Date(Date.UTC(2039, 0, 1 + n)).toISOString().slice(0, 10);
    const [t] = await svc<{ id: string }[]>('POST', 'cleaning_tasks', {
      property_id: villa.id,
      cleaning_type_id: deep!.id,
      window_start: `${day}T08:00:00Z`,
      due_at: `${day}T14:00:00Z`,
      estimated_minutes: 180,
      checklist_version_id: version!.id,
      inspection_required: false,
    });
    await svc('POST', 'cleaning_task_assignees', { task_id: t!.id, user_id: userId });
    const [now] = await svc<{ version: number; items_total: number }[]>(
      'GET',
      `cleaning_tasks?select=version,items_total&id=eq.${t!.id}`,
    );
    if (now!.items_total !== ITEMS.length)
      throw new Error(`clean has ${now!.items_total} items, want ${ITEMS.length}`);
    return { taskId: t!.id, version: now!.version, villa };
  }
  const runs: Run[] = [];
  for (let i = 0; i < runsWanted; i++) {
    const c = await makeClean(i);
    runs.push({
      index: i,
      taskId: c.taskId,
      propertyId: c.villa.id,
      code: c.villa.code,
      version: c.version,
      answers: new Map(),
    });
  }
  // One clean per cycle that she has started and will try to finish with nothing answered.
  const decoys: { taskId: string; version: number; code: string }[] = [];
  for (let i = 0; i < o.cycles; i++) {
    const c = await makeClean(1000 + i);
    await svc('POST', 'rpc/transition_cleaning_task', {
      task_id: c.taskId,
      to_status: 'in_progress',
      from_version: c.version,
    });
    decoys.push({ taskId: c.taskId, version: c.version + 1, code: c.villa.code });
  }

  // The page, signed in as her.
  const bundle = await build({
    entryPoints: [path.join(o.root, 'src/lib/photo-compress.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__benchPhoto',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  });
  const context = await o.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    (globalThis as { __name?: unknown }).__name = (f: unknown) => f;
  });
  // (An init script runs in a scope of its own: the bundle's `var` is put on the window.)
  await context.addInitScript({
    content: `${bundle.outputFiles[0]!.text}\nglobalThis.__benchPhoto = __benchPhoto;`,
  });
  await context.addInitScript(commitWatcher);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn('[page error]', e.message));
  await signInPage(page, origin, HOUSEKEEPER);
  await waitForApp(page);
  await context.route(/\/(rest|storage)\/v1\//, fx.onRequest);

  const half = ITEMS.length / 2;
  const valueOf = (run: Run, item: Item, pass: number): unknown => {
    if (item.kind === 'tick') return true;
    if (item.kind === 'yes_no') return item.id !== FAILED_ITEM;
    if (item.kind === 'number') return int(rng, 0, 10) + pass;
    return `Run ${run.index}, ${item.label}, pass ${pass}`;
  };
  const cycleLog: {
    cycle: number;
    writes: number;
    entries: number;
    faultFree: boolean;
    reloaded: boolean;
    reloadDuringDrain: boolean;
    faults: number;
    failingFaults: number;
    drainMs: number;
    drained: boolean;
  }[] = [];
  let refusedCount = 0;
  let notVisible = 0;
  let entryCount = 0;

  for (let cycle = 0; cycle < o.cycles; cycle++) {
    const ops: PageOp[] = [];
    const cycleWrites: UserWrite[] = [];
    const add = (w: Omit<UserWrite, 'tag' | 'cycle'>, op: NewOp) => {
      const t = tag();
      cycleWrites.push({ ...w, tag: t, cycle });
      ops.push({ ...op, tag: t, label: `${op.label} ${t}` } as PageOp);
    };
    const answerOp = (run: Run, item: Item, value: unknown, kind: WriteKind) => {
      const note = kind === 'reanswer' ? 'changed' : '';
      const flagged = item.id === FAILED_ITEM;
      run.answers.set(item.id, { value, note, flagged });
      add(
        { kind },
        {
          type: 'rpc',
          fn: 'answer_checklist_item',
          body: { task_id: run.taskId, item_id: item.id, value, note, flagged },
          rowId: `${run.taskId}:${item.id}`,
          label: `${run.code}: ${item.label}`,
          answer: true,
        },
      );
    };
    const itemOps = (run: Run, items: Item[]) => {
      for (const item of items) {
        if (item.kind === 'photo') {
          const photoId = crypto.randomUUID();
          photos.set(photoId, {
            id: photoId,
            taskId: run.taskId,
            itemId: item.id,
            path: `${run.taskId}/${photoId}.jpg`,
            size: 0,
            sha256: '',
          });
          run.answers.set(item.id, { value: true, note: '', flagged: false });
          add(
            { kind: 'photo' },
            {
              type: 'photo',
              taskId: run.taskId,
              itemId: item.id,
              photoId,
              label: `${run.code}: photo of ${item.label}`,
              seed: int(rng, 1, 2 ** 31),
            },
          );
        } else answerOp(run, item, valueOf(run, item, 0), 'answer');
      }
    };
    const move = (
      run: { taskId: string; code: string },
      to: string,
      from: number,
      kind: WriteKind,
      code?: string,
    ) =>
      add(
        { kind, ...(code ? { refusedCode: code } : {}) },
        {
          type: 'rpc',
          fn: 'transition_cleaning_task',
          body: { task_id: run.taskId, to_status: to, from_version: from },
          rowId: run.taskId,
          label: `${run.code}: ${to.replace('_', ' ')}`,
          answer: false,
        },
      );

    // The run begun in this cycle: started, the first half of its items.
    const begun = runs[cycle];
    if (begun) {
      move(begun, 'in_progress', begun.version, 'start');
      itemOps(begun, ITEMS.slice(0, half));
    }
    // The run begun in the last cycle: the rest, two changed answers, the problem, finished.
    const ending = runs[cycle - 1];
    if (ending) {
      itemOps(ending, ITEMS.slice(half));
      for (const id of ['kitchen-4', 'pool-6']) {
        const item = ITEMS.find((i) => i.id === id)!;
        answerOp(ending, item, valueOf(ending, item, 1), 'reanswer');
      }
      const woId = crypto.randomUUID();
      workOrders.set(woId, { taskId: ending.taskId, itemId: FAILED_ITEM });
      add(
        { kind: 'problem' },
        {
          type: 'insert',
          table: 'work_orders',
          row: {
            id: woId,
            property_id: ending.propertyId,
            title: `Kitchen item 3 failed (soak run ${ending.index})`,
            description: 'Reported from the checklist',
            location: 'Kitchen',
            category: 'other',
            priority: 'urgent',
            blocking: true,
            source: 'checklist_item',
            cleaning_task_id: ending.taskId,
            checklist_item: FAILED_ITEM,
          },
          label: `Report: ${ending.code} kitchen item 3`,
        },
      );
      move(ending, 'done', ending.version + 1, 'finish');
    }
    // Finishing a clean with nothing answered: refused (23514).
    const decoy = decoys[cycle]!;
    move(decoy, 'done', decoy.version, 'refused', '23514');
    writes.push(...cycleWrites);

    await context.setOffline(true);
    const made = await runOps(page, ops, userId);
    for (const m of made) {
      if (m.savedMs !== undefined) (m.photo ? photoSaved : saved).push(m.savedMs);
      if (m.prepareMs !== undefined) prepare.push(m.prepareMs);
      if (m.photo) {
        const op = ops.find((x) => x.tag === m.tag) as Extract<PageOp, { type: 'photo' }>;
        Object.assign(photos.get(op.photoId)!, { size: m.photo.size, sha256: m.photo.sha256 });
        photoSizes.push(m.photo);
      }
    }
    const queued = await entries(page);
    entryCount += queued.length;
    for (const w of cycleWrites) {
      const mine = queued.filter((e) => hasTag(e.label, w.tag));
      const main = mine.find((e) => !e.label.includes('(upload)') && !e.label.includes('(record)'));
      if (main) w.mutationId = main.mutationId;
    }
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
    fx.startCycle(faultFree ? null : { rate: 0.15 + rng() * 0.2, rand: prng(o.seed * 37 + cycle) });
    const reloadDuringDrain = cycle % 6 === 3;
    const t0 = Date.now();
    await context.setOffline(false);
    if (reloadDuringDrain) {
      await page.waitForTimeout(int(rng, 300, 1500));
      await page.reload();
      await waitForApp(page);
    }
    const drained = await waitDrained(page, o.drainTimeoutMs);
    const drainMs = Date.now() - t0;
    fx.plan = null;

    const refused = cycleWrites.filter((w) => w.kind === 'refused');
    const left = await entries(page);
    for (const w of refused) {
      refusedCount++;
      const e = left.find((x) => x.mutationId === w.mutationId);
      if (e?.status === 'rejected' && e.lastError?.message) {
        w.seen = {
          message: e.lastError.message,
          ...(e.lastError.code ? { code: e.lastError.code } : {}),
        };
        if (e.lastError.code !== w.refusedCode)
          console.warn(`${w.tag} refused with ${e.lastError.code}, want ${w.refusedCode}`);
      } else notVisible++;
    }
    for (const e of left.filter((x) => !refused.some((w) => w.mutationId === x.mutationId)))
      console.warn(`cycle ${cycle}: left in the queue: ${e.label} ${e.status}`, e.lastError);
    await page.evaluate(
      async (ids) => {
        for (const id of ids) await window.__ariviaBench!.discardEntry(id);
      },
      left.filter((e) => refused.some((w) => w.mutationId === e.mutationId)).map((e) => e.id!),
    );
    cycleLog.push({
      cycle,
      writes: cycleWrites.length,
      entries: queued.length,
      faultFree,
      reloaded,
      reloadDuringDrain,
      faults: fx.cycleFaults,
      failingFaults: fx.cycleFails,
      drainMs,
      drained,
    });
    console.log(
      `checklist cycle ${String(cycle + 1).padStart(2)}/${o.cycles}: ${cycleWrites.length} writes (${queued.length} entries)` +
        `${reloaded ? ', reloaded offline' : ''}${reloadDuringDrain ? ', reloaded while draining' : ''}, ` +
        `${faultFree ? 'no faults' : `${fx.cycleFaults} faults (${fx.cycleFails} failing)`}, ` +
        `drained in ${drainMs} ms${drained ? '' : ' (NOT DRAINED)'}`,
    );
  }
  await page.waitForTimeout(1000);
  await context.close();

  // --- verification: the server against the model ---
  const lost: string[] = [];
  const duplicated: string[] = [];
  const taskIds = runs.map((r) => r.taskId);
  const serverTasks = await svcIn<{
    id: string;
    status: string;
    items_total: number;
    items_done: number;
    photos_count: number;
  }>('cleaning_tasks', 'id,status,items_total,items_done,photos_count', 'id', [
    ...taskIds,
    ...decoys.map((d) => d.taskId),
  ]);
  const answers = await svcIn<{
    task_id: string;
    item_id: string;
    value: unknown;
    note: string;
    flagged: boolean;
    failed: boolean;
  }>(
    'cleaning_task_answers',
    'task_id,item_id,value,note,flagged,failed',
    'task_id',
    [...taskIds, ...decoys.map((d) => d.taskId)],
    15,
  );
  const serverPhotos = await svcIn<{
    id: string;
    task_id: string;
    item_id: string;
    storage_path: string;
    bytes: number;
    sha256: string;
  }>('cleaning_task_photos', 'id,task_id,item_id,storage_path,bytes,sha256', 'task_id', taskIds);
  const serverWos = await svcIn<{ id: string; cleaning_task_id: string; checklist_item: string }>(
    'work_orders',
    'id,cleaning_task_id,checklist_item',
    'cleaning_task_id',
    taskIds,
  );
  const mutations = await svcIn<{ mutation_id: string; table_name: string; row_key: string }>(
    'sync_mutations',
    'mutation_id,table_name,row_key',
    'mutation_id',
    writes.flatMap((w) => (w.mutationId ? [w.mutationId] : [])),
  );

  const st = new Map(serverTasks.map((t) => [t.id, t]));
  for (const run of runs) {
    const t = st.get(run.taskId);
    if (!t) lost.push(`clean ${run.taskId} missing`);
    else {
      if (t.status !== 'done') lost.push(`run ${run.index}: clean is ${t.status}, want done`);
      if (t.items_done !== ITEMS.length || t.photos_count !== 3)
        (t.items_done > ITEMS.length || t.photos_count > 3 ? duplicated : lost).push(
          `run ${run.index}: ${t.items_done}/${t.items_total} items, ${t.photos_count} photos`,
        );
    }
  }
  for (const d of decoys) {
    const t = st.get(d.taskId);
    if (t?.status !== 'in_progress')
      duplicated.push(`refused finish of ${d.taskId} applied (${t?.status})`);
  }
  const seen = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.task_id}/${a.item_id}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  let answersExpected = 0;
  for (const run of runs) {
    for (const [itemId, want] of run.answers) {
      answersExpected++;
      const key = `${run.taskId}/${itemId}`;
      const n = seen.get(key) ?? 0;
      if (n === 0) {
        lost.push(`answer ${key} missing`);
        continue;
      }
      if (n > 1) duplicated.push(`answer ${key} ${n} times`);
      const got = answers.find((a) => a.task_id === run.taskId && a.item_id === itemId)!;
      if (JSON.stringify(got.value) !== JSON.stringify(want.value) || got.note !== want.note)
        lost.push(
          `answer ${key}: ${JSON.stringify(got.value)} (${got.note}), want ${JSON.stringify(want.value)} (${want.note})`,
        );
      if (itemId === FAILED_ITEM && !got.failed) lost.push(`answer ${key} not failed`);
    }
  }
  for (const a of answers) {
    const run = runs.find((r) => r.taskId === a.task_id);
    if (!run?.answers.has(a.item_id)) duplicated.push(`answer ${a.task_id}/${a.item_id} not made`);
  }
  const sp = new Map<string, number>();
  for (const p of serverPhotos) sp.set(p.id, (sp.get(p.id) ?? 0) + 1);
  for (const p of photos.values()) {
    const n = sp.get(p.id) ?? 0;
    if (n === 0) lost.push(`photo row ${p.id} missing`);
    if (n > 1) duplicated.push(`photo row ${p.id} ${n} times`);
    const row = serverPhotos.find((x) => x.id === p.id);
    if (row && (row.sha256 !== p.sha256 || row.bytes !== p.size))
      lost.push(`photo row ${p.id}: ${row.bytes} bytes ${row.sha256}, want ${p.size} ${p.sha256}`);
    const obj = await objectSha(p.path);
    if (!obj) lost.push(`photo object ${p.path} missing`);
    else if (obj.sha256 !== p.sha256 || obj.size !== p.size)
      lost.push(`photo object ${p.path}: ${obj.size} bytes, want ${p.size} (content differs)`);
  }
  for (const p of serverPhotos)
    if (!photos.has(p.id)) duplicated.push(`photo row ${p.id} not made`);
  const expectedObjects = new Set([...photos.values()].map((p) => p.path));
  for (const taskId of taskIds)
    for (const obj of await objectList(`${taskId}/`))
      if (!expectedObjects.has(`${taskId}/${obj.name}`))
        duplicated.push(`object ${taskId}/${obj.name} not made`);
  const wo = new Map<string, number>();
  for (const w of serverWos) wo.set(w.id, (wo.get(w.id) ?? 0) + 1);
  for (const [id, w] of workOrders) {
    if (!wo.get(id)) lost.push(`work order ${id} (${w.taskId} ${w.itemId}) missing`);
  }
  for (const w of serverWos)
    if (!workOrders.has(w.id)) duplicated.push(`work order ${w.id} not made`);
  const perTask = new Map<string, number>();
  for (const w of serverWos)
    perTask.set(w.cleaning_task_id, (perTask.get(w.cleaning_task_id) ?? 0) + 1);
  for (const [t, n] of perTask) if (n > 1) duplicated.push(`clean ${t}: ${n} work orders`);
  // Each write applied at most once (its X-Mutation-Id recorded once); a refused one never.
  const byMutation = new Map<string, number>();
  for (const m of mutations)
    byMutation.set(m.mutation_id, (byMutation.get(m.mutation_id) ?? 0) + 1);
  let applications = 0;
  for (const w of writes) {
    if (!w.mutationId) {
      lost.push(`write ${w.tag} (${w.kind}) never reached the queue`);
      continue;
    }
    const n = byMutation.get(w.mutationId) ?? 0;
    applications += n;
    if (w.kind === 'refused' ? n > 0 : n > 1)
      duplicated.push(`write ${w.tag} (${w.kind}) recorded ${n} times`);
  }

  // --- figures ---
  const N = writes.length;
  const F = fx.total();
  const L = lost.length;
  const D = duplicated.length;
  const answersMade = writes.filter((w) => ['answer', 'reanswer', 'photo'].includes(w.kind)).length;
  const headline = `${N} writes, ${o.cycles} cycles, ${F} faults: ${L} lost, ${D} duplicated, ${refusedCount} rejected (${
    notVisible === 0 ? 'all visible' : `${notVisible} NOT visible`
  })`;
  const sortNum = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const stats = (xs: number[]) => {
    const s = sortNum(xs);
    return {
      n: s.length,
      p50: r1(percentile(s, 50)),
      p95: r1(percentile(s, 95)),
      max: r1(s.at(-1) ?? NaN),
    };
  };
  const tap = stats(saved);
  const tapPhoto = stats(photoSaved);
  const prep = stats(prepare);
  const drains = stats(cycleLog.map((c) => c.drainMs));
  const kb = (b: number) => r1(b / 1024);
  const sizes = sortNum(photoSizes.map((p) => p.size));
  const sources = sortNum(photoSizes.map((p) => p.sourceBytes));
  const dims = photoSizes[0] ? `${photoSizes[0].width} x ${photoSizes[0].height}` : '-';
  const lines = [
    headline,
    `${runs.length} checklist runs of ${ITEMS.length} items: ${answersMade} answers (${answersExpected} kept: the last of each item), ${photos.size} photos, ${workOrders.size} work orders, ${runs.length * 2} status moves; ${entryCount} queue entries`,
    `drain after reconnect: p50 ${drains.p50} ms, p95 ${drains.p95} ms (max ${drains.max} ms)`,
    `tap to saved on this phone (answer, write called -> queue entry committed in IndexedDB): p50 ${tap.p50} ms, p95 ${tap.p95} ms, max ${tap.max} ms (${tap.n} answers)`,
    `photo, chosen -> compressed, hashed and committed: p50 ${tapPhoto.p50} ms, p95 ${tapPhoto.p95} ms (compressing and hashing alone: p50 ${prep.p50} ms, p95 ${prep.p95} ms)`,
    `queued photo: ${dims} JPEG, p50 ${kb(percentile(sizes, 50))} KB (min ${kb(sizes[0] ?? 0)}, max ${kb(sizes.at(-1) ?? 0)}) from a 4032 x 3024 camera JPEG of p50 ${r1(percentile(sources, 50) / 1048576)} MB`,
    `faults: ${Object.entries(fx.faults)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}; on table writes and functions ${fx.faultsOn.rest}, photo uploads ${fx.faultsOn.storage}, applied-before checks ${fx.faultsOn.check}`,
    `redeliveries absorbed: ${[...fx.deliveries.values()].reduce((a, b) => a + b, 0)} deliveries of ${fx.deliveries.size} mutations, ${[...fx.deliveries.values()].filter((n) => n > 1).length} sent more than once (${[...fx.appliedAnswerLost].filter((m) => (fx.deliveries.get(m) ?? 0) > 1).length} after the server had applied them and the answer was lost); ${applications} applications recorded in sync_mutations`,
  ];
  for (const l of lost.slice(0, 20)) lines.push(`  LOST: ${l}`);
  for (const d of duplicated.slice(0, 20)) lines.push(`  DUPLICATED: ${d}`);
  return {
    ok: L === 0 && D === 0 && notVisible === 0 && cycleLog.every((c) => c.drained),
    lines,
    json: {
      headline,
      lines,
      writes: N,
      writesByKind: Object.fromEntries(
        (['start', 'answer', 'reanswer', 'photo', 'problem', 'finish', 'refused'] as const).map(
          (k) => [k, writes.filter((w) => w.kind === k).length],
        ),
      ),
      runs: runs.length,
      items: ITEMS.length,
      answers: answersMade,
      photos: photos.size,
      workOrders: workOrders.size,
      queueEntries: entryCount,
      cycles: o.cycles,
      faults: F,
      faultsByKind: fx.faults,
      faultsOn: fx.faultsOn,
      lost: L,
      duplicated: D,
      rejected: refusedCount,
      rejectedNotVisible: notVisible,
      drainMs: drains,
      tapToSavedMs: tap,
      photoToSavedMs: tapPhoto,
      photoPrepareMs: prep,
      photoBytes: { p50: percentile(sizes, 50), min: sizes[0], max: sizes.at(-1) },
      photoSourceBytes: { p50: percentile(sources, 50), min: sources[0], max: sources.at(-1) },
      photoDimensions: dims,
      applicationsRecorded: applications,
      lostDetail: lost,
      duplicatedDetail: duplicated,
      perCycle: cycleLog,
    },
  };
}
