// Steps of the housekeeper's field day (e2e/field-day.spec.ts, docs/housekeeping.md "Field app"): a
// phone-sized PWA profile with touch and the service worker, a villa with a turnover of its own
// made with the service key (stays, a checklist version, a reference photo, access notes), small
// JPEGs to "take", and the server's own record of the run.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { LANGUAGES, tr } from './language';
import { PWA_ARGS, SERVICE_KEY, service, uniqueCode, type Pwa } from './offline';

export const MARIA = 'a11ce000-0000-4000-8000-000000000003';

/** A persistent PWA profile the size of a phone (360 × 740) with touch. */
export async function launchPhone(
  baseURL: string,
  opts: { dir?: string; offline?: boolean; locale?: string } = {},
): Promise<Pwa> {
  const dir = opts.dir ?? mkdtempSync(path.join(tmpdir(), 'arivia-field-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    // Without Background Sync the queue drains while the app is open (as on iOS): Chromium fires
    // `sync` on its own idea of the network, which the test's "no signal" does not change.
    args: [...PWA_ARGS, '--disable-features=BackgroundSync'],
    baseURL,
    timezoneId: 'UTC',
    // The phone's language (docs/i18n.md: the app follows it until the profile says otherwise).
    locale: opts.locale ?? 'en-US',
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  // The flag alone did not keep Chromium from firing `sync`: runs saw the worker deliver a start
  // queued while the page had no signal (the worker's requests pass neither setOffline nor the
  // context's routes here). So the pages are not offered Background Sync at all, and the queue
  // drains from the open page only - what the test is about.
  await context.addInitScript(() => {
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', {
      configurable: true,
      get: () => undefined,
    });
  });
  if (opts.offline) await cutSignal(context);
  const page = context.pages()[0] ?? (await context.newPage());
  // The install card sits at the bottom of a phone's screen: she dismisses it when it is in the way
  // (in whichever language the phone speaks).
  const dismiss = new RegExp(
    `^(${LANGUAGES.map((l) => tr(l, 'app/pwa', 'install.dismiss')).join('|')})$`,
  );
  await page.addLocatorHandler(page.getByTestId('install-card'), (card) =>
    card.getByRole('button', { name: dismiss }).click(),
  );
  return {
    context,
    page,
    dir,
    baseURL,
    async close(keepProfile = false) {
      await context.close().catch(() => undefined);
      if (!keepProfile) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const BACKEND = /^\/(rest|storage|auth|realtime|functions)\/v1\//;
const isBackend = (url: URL) => BACKEND.test(url.pathname);
const noSignal = (route: Route) => route.abort('internetdisconnected');

/**
 * No signal, for the page and for the service worker alike: `setOffline` alone leaves the worker's
 * Background Sync replay reaching the backend (Chromium fires `sync` on its own idea of the
 * network), so the backend's paths are refused at the context too.
 */
export async function cutSignal(context: BrowserContext): Promise<void> {
  await context.route(isBackend, noSignal);
  await context.setOffline(true);
}

/** The signal back. */
export async function restoreSignal(context: BrowserContext): Promise<void> {
  await context.unroute(isBackend, noSignal);
  await context.setOffline(false);
}

/** A small JPEG (a coloured gradient), as a phone camera's file would arrive, only smaller. */
export async function jpeg(seed: number, width = 800, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x + seed * 40) % 256;
      raw[i + 1] = (y + seed * 80) % 256;
      raw[i + 2] = (x + y + seed * 20) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** YYYY-MM-DD in the company's time zone (Europe/Athens), `days` from today. */
export function companyDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

export const TURNOVER_CHECKLIST = {
  sections: [
    {
      id: 'bedroom',
      title: 'Bedroom',
      items: [
        {
          id: 'bed-linen',
          label: 'Fresh linen on the beds',
          kind: 'tick',
          required: true,
          critical: false,
        },
        { id: 'bed-photo', label: 'Bedroom photo', kind: 'photo', required: true, critical: false },
      ],
    },
    {
      id: 'bathroom',
      title: 'Bathroom',
      items: [
        {
          id: 'bath-towels',
          label: 'Towels (sets)',
          kind: 'number',
          required: true,
          critical: false,
          min: 2,
          max: 8,
        },
        {
          id: 'bath-shower',
          label: 'Shower drains well',
          kind: 'yes_no',
          required: true,
          critical: false,
        },
        {
          id: 'bath-photo',
          label: 'Bathroom photo',
          kind: 'photo',
          required: true,
          critical: false,
        },
      ],
    },
    {
      id: 'terrace',
      title: 'Terrace',
      items: [
        {
          id: 'ter-pool',
          label: 'Pool water clear',
          kind: 'yes_no',
          required: true,
          critical: false,
        },
        {
          id: 'ter-notes',
          label: 'Notes for the office',
          kind: 'text',
          required: false,
          critical: false,
        },
        { id: 'ter-photo', label: 'Terrace photo', kind: 'photo', required: true, critical: false },
      ],
    },
  ],
};

export interface FieldClean {
  villaId: string;
  villa: string;
  taskId: string;
  address: string;
}

/**
 * A villa of its own with a turnover today (a stay leaving this morning, the next arriving
 * tomorrow), assigned to Maria, made with the test's checklist and needing inspection; access
 * notes and a reference photo.
 */
export async function makeFieldClean(
  baseURL: string,
  opts: { assignee?: string; checklist?: object } = {},
): Promise<FieldClean> {
  const code = uniqueCode();
  const villa = `${code} Field Villa`;
  const address = `${code} Harbour Road, Adamas, Milos`;
  const [v] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/properties', {
    code,
    name: villa,
    area: 'Field Bay, Milos',
    address,
    latitude: 36.7255,
    longitude: 24.4466,
    bedrooms: 2,
  });
  const villaId = v!.id;
  await service(baseURL, 'POST', '/rest/v1/property_access', {
    property_id: villaId,
    access_notes: 'Key safe by the blue gate',
  });
  // A reference photo in the villa's gallery.
  const photoPath = `${villaId}/reference-1.jpg`;
  const up = await fetch(`${baseURL}/storage/v1/object/property-photos/${photoPath}`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_KEY,
      Authorization: `Bearer ${SERVICE_KEY}`,
      'Content-Type': 'image/jpeg',
    },
    body: new Uint8Array(await jpeg(9, 320, 240)),
  });
  if (!up.ok) throw new Error(`reference photo: ${up.status} ${await up.text()}`);
  await service(baseURL, 'POST', '/rest/v1/property_photos', {
    property_id: villaId,
    storage_path: photoPath,
    caption: 'Living room as the guests find it',
    position: 0,
  });
  const [tpl] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/checklist_templates', {
    name: `Field turnover ${code}`,
  });
  const [ver] = await service<{ id: string }[]>(
    baseURL,
    'POST',
    '/rest/v1/checklist_template_versions',
    { template_id: tpl!.id, content: opts.checklist ?? TURNOVER_CHECKLIST },
  );
  const [leaving] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/reservations', {
    property_id: villaId,
    guest_name: 'Leaving Guest',
    guests: 2,
    check_in: `${companyDay(-3)}T13:00:00Z`,
    check_out: `${companyDay(0)}T07:00:00Z`,
  });
  await service(baseURL, 'POST', '/rest/v1/reservations', {
    property_id: villaId,
    guest_name: 'Arriving Guest',
    guests: 4,
    check_in: `${companyDay(1)}T13:00:00Z`,
    check_out: `${companyDay(5)}T07:00:00Z`,
  });
  const [task] = await service<{ id: string }[]>(
    baseURL,
    'GET',
    `/rest/v1/cleaning_tasks?select=id&turnover_for=eq.${leaving!.id}`,
  );
  if (!task) throw new Error('no turnover was made for the stay');
  await service(baseURL, 'PATCH', `/rest/v1/cleaning_tasks?id=eq.${task.id}`, {
    checklist_version_id: ver!.id,
    inspection_required: true,
  });
  await service(baseURL, 'POST', '/rest/v1/cleaning_task_assignees', {
    task_id: task.id,
    user_id: opts.assignee ?? MARIA,
  });
  return { villaId, villa, taskId: task.id, address };
}

/** An object of a private bucket, as the service role reads it. */
export async function downloadObject(baseURL: string, bucket: string, objectPath: string) {
  const res = await fetch(`${baseURL}/storage/v1/object/${bucket}/${objectPath}`, {
    headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` },
  });
  if (!res.ok) throw new Error(`${bucket}/${objectPath}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Nothing on a 360 px phone's screen overflows sideways, in any language: the page does not
 * scroll sideways, and no element but what scrolls inside a strip or is fixed to the screen
 * reaches past its edge (named, when one does).
 */
export async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 360.5 && e.getClientRects().length > 0)
      // What a strip scrolls inside itself (the rooms of a checklist) does not move the page.
      .filter((e) => {
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
          if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX)) return false;
        // Nor does what is fixed to the screen (the toaster).
        for (let p: Element | null = e; p && p !== document.body; p = p.parentElement)
          if (getComputedStyle(p).position === 'fixed') return false;
        return true;
      })
      .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > 360.5))
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 40)}"`),
  );
  expect(wider, 'wider than the phone').toEqual([]);
  expect(width).toBeLessThanOrEqual(360);
}
