// The offline matrix (docs/offline.md "How it is proven"): writes made with no network, through the
// real forms of a real PWA profile with its service worker in control, reach the server whole and
// exactly once whatever happens on the way - reconnects, several replay triggers at once, a worker
// stopped mid-replay, expired and revoked sessions, 5xx/429, refusals, conflicts, a closed
// browser, two tabs, a worker update and a flaky network. Every test ends on the server's own
// count: rows with the test's villa codes, and the mutation ids recorded in sync_mutations for the
// test's own manager against the ones queued on the device.
import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, PUBLISHABLE_KEY, signIn } from './support/helpers';
import {
  addStay,
  day,
  expectListLoaded,
  QUEUED,
  service,
  STORAGE_KEY,
  workerControl,
  type Pwa,
  type StoredEntry,
  baseURLOf,
  createManager,
  createVilla,
  editVilla,
  expectAppliedOnce,
  launchPwa,
  OFFLINE_TEXT,
  openList,
  openSyncPanel,
  queueEntries,
  serverProperties,
  serverReservations,
  signInPwa,
  uniqueCode,
  waitForDrain,
  watchDeliveries,
} from './support/offline';
import { prng } from '../scripts/prng.mjs';
import { startAppServer, updateNowAndReload } from './support/pwa';

// Each test runs its own PWA profile through offline and online phases: more than the default
// (the few longer ones say so).
test.setTimeout(90_000);

test('offline writes then reconnect: two villas, an edit and a stay reach the server once', async () => {
  const baseURL = baseURLOf();
  const account = await createManager(baseURL);
  const pwa = await launchPwa(baseURL);
  try {
    const { page, context } = pwa;
    const wire = watchDeliveries(context);
    await signInPwa(page, account);
    const code = uniqueCode();

    await context.setOffline(true);
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    const first = await createVilla(page, { name: `${code} Aegli`, code: `${code}-A` });
    await openList(page);
    await createVilla(page, { name: `${code} Thalassa`, code: `${code}-B` });
    await openList(page, code);
    await page
      .getByRole('table', { name: 'Properties' })
      .getByRole('link', { name: `${code} Aegli` })
      .click();
    await expect(page.getByRole('heading', { name: `${code} Aegli`, level: 1 })).toBeVisible();
    await editVilla(page, { name: `${code} Aegli Renamed`, maxGuests: 7 });
    await addStay(page, { guest: 'Offline Guest', from: 30, to: 34 });
    await expect(page.getByRole('region', { name: 'Upcoming reservations' })).toContainText(
      'Offline Guest',
    );

    // The list shows both villas made offline (the edit on top), the panel the four writes.
    await openList(page, code);
    const table = page.getByRole('table', { name: 'Properties' });
    await expect(table.getByRole('link', { name: `${code} Aegli Renamed` })).toBeVisible();
    await expect(table.getByRole('link', { name: `${code} Thalassa` })).toBeVisible();
    await page.getByRole('button', { name: 'View Queue' }).click();
    const panel = await openSyncPanel(page);
    await expect(panel.getByText('4 pending')).toBeVisible();
    const queued = await queueEntries(page);
    expect(queued.map((e) => `${e.method} ${e.target.name} ${e.target.op}`)).toEqual([
      'POST properties insert',
      'POST properties insert',
      'PATCH properties update',
      'POST reservations insert',
    ]);
    expect(wire.deliveries.size).toBe(0);

    await context.setOffline(false);
    await expect(panel.getByText('0 pending')).toBeVisible({ timeout: 20_000 });
    expect(await waitForDrain(page)).toEqual([]);

    const villas = await serverProperties(baseURL, code);
    expect(villas.map((v) => [v.code, v.name])).toEqual([
      [`${code}-A`, `${code} Aegli Renamed`],
      [`${code}-B`, `${code} Thalassa`],
    ]);
    const stays = await serverReservations(baseURL, [first]);
    expect(stays.map((s) => s.guest_name)).toEqual(['Offline Guest']);
    await expectAppliedOnce(baseURL, account.id, queued);
    for (const e of queued) expect(wire.deliveries.get(e.mutationId), e.label).toBe(1);
  } finally {
    await pwa.close();
  }
});

/** A fresh manager signed in on a PWA profile of their own, a villa-code prefix and a wire log. */
async function start(baseURL = baseURLOf()) {
  const account = await createManager(baseURL);
  const pwa = await launchPwa(baseURL);
  const wire = watchDeliveries(pwa.context);
  await signInPwa(pwa.page, account);
  return { account, pwa, page: pwa.page, context: pwa.context, wire, code: uniqueCode(), baseURL };
}

/** Offline: a villa made with the form and then edited, back on the list. */
async function villaAndEdit(page: Page, code: string, suffix: string) {
  const id = await createVilla(page, { name: `${code} ${suffix}`, code: `${code}-${suffix}` });
  await editVilla(page, { maxGuests: 9 });
  await openList(page);
  return id;
}

test('several replay triggers at once: online, visibilitychange, a second online, REPLAY, a second tab and a sync event - each write applied once', async () => {
  const { account, pwa, page, context, wire, code, baseURL } = await start();
  try {
    const other = await context.newPage();
    await other.goto('/properties');
    await expect(other.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
    const worker = await workerControl(context, page);
    await worker.registrationId();

    await context.setOffline(true);
    await villaAndEdit(page, code, 'A');
    await villaAndEdit(page, code, 'B');
    const queued = await queueEntries(page);
    expect(queued).toHaveLength(4);

    const fire = (p: Page) =>
      p.evaluate(() => {
        document.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('online'));
        navigator.serviceWorker.dispatchEvent(
          new MessageEvent('message', { data: { type: 'REPLAY' } }),
        );
      });
    await Promise.all([
      context.setOffline(false),
      fire(page),
      fire(other),
      worker.dispatchSync(),
      fire(page),
    ]);
    expect(await waitForDrain(page)).toEqual([]);

    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([
      `${code}-A`,
      `${code}-B`,
    ]);
    await expectAppliedOnce(baseURL, account.id, queued);
    // Deliveries are reported, not asserted: a replay may resend what the server then skips.
    test.info().annotations.push({
      type: 'deliveries',
      description: queued.map((e) => `${e.label}: ${wire.deliveries.get(e.mutationId)}`).join('; '),
    });
    for (const e of queued) expect(wire.deliveries.get(e.mutationId)).toBeGreaterThanOrEqual(1);
  } finally {
    await pwa.close();
  }
});

test('the worker stopped mid-replay (CDP): the server applied, the answer never came; each write applied once', async () => {
  const { account, pwa, page, context, wire, code, baseURL } = await start();
  try {
    const worker = await workerControl(context, page);
    await worker.registrationId();
    // Playwright 1.65 routes service-worker requests through context.route (Chromium): the
    // fault is injected on the worker's own fetch. First delivery of each write: the server
    // applies it, then the worker is stopped and the connection reset before the answer. In place
    // before anything is queued, so that no delivery, whenever the worker makes it, passes around
    // it (one full run saw a villa on the server that the route, installed later, never saw).
    const faulted = new Set<string>();
    const stops: boolean[] = [];
    await context.route('**/rest/v1/properties*', async (route) => {
      const id = route.request().headers()['x-mutation-id'];
      if (!id || faulted.has(id)) return route.continue();
      faulted.add(id);
      stops.push(route.request().serviceWorker() !== null);
      await route.fetch();
      await worker.stopAll().catch(() => undefined);
      await route.abort('connectionreset').catch(() => undefined);
    });
    await context.setOffline(true);
    await createVilla(page, { name: `${code} A`, code: `${code}-A` });
    await openList(page);
    await createVilla(page, { name: `${code} B`, code: `${code}-B` });
    const queued = await queueEntries(page);
    expect(queued).toHaveLength(2);

    // The worker needs a token to replay with no page: what the page hands it (SET_SESSION).
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('sb-arivia-ops-auth-token')!) as {
        access_token: string;
        expires_at: number;
        user: { id: string };
      };
      navigator.serviceWorker.controller!.postMessage({
        type: 'SET_SESSION',
        session: { userId: s.user.id, accessToken: s.access_token, expiresAt: s.expires_at * 1000 },
      });
    });
    // No window of the app left open: only the worker can replay.
    await page.goto('about:blank');

    await context.setOffline(false);
    // The first write went out from the worker, and the server applied it. The network comes back
    // to the worker a moment after the page: a sync event fired before that fails its replay, and
    // the browser fires it again later, as this does while nothing has arrived.
    await expect
      .poll(
        async () => {
          const applied = (await serverProperties(baseURL, code)).length;
          if (applied === 0) await worker.dispatchSync().catch(() => undefined);
          return applied;
        },
        { timeout: 30_000, intervals: [0, 2_000] },
      )
      .toBeGreaterThanOrEqual(1);
    expect(stops[0]).toBe(true);

    // Back in the app: the page replays at start-up (or the next sync event does).
    await page.goto('/properties');
    await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
    expect(await waitForDrain(page)).toEqual([]);
    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([
      `${code}-A`,
      `${code}-B`,
    ]);
    await expectAppliedOnce(baseURL, account.id, queued);
    // The first write was delivered at least twice (the applied one and its replay).
    expect(wire.deliveries.get(queued[0]!.mutationId)).toBeGreaterThanOrEqual(2);
  } finally {
    await pwa.close();
  }
});

/** The stored session of supabase-js, changed in place. */
async function editStoredSession(page: Page, change: 'expire' | 'garble') {
  await page.evaluate(
    ({ key, change }) => {
      const s = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      s.expires_at = Math.floor(Date.now() / 1000) - 60;
      if (change === 'garble') s.access_token = `${String(s.access_token).slice(0, -8)}garbled0`;
      localStorage.setItem(key, JSON.stringify(s));
    },
    { key: STORAGE_KEY, change },
  );
}

test('an expired token at replay: a 401 refreshes the session once and the writes go through once', async () => {
  const { account, pwa, page, context, wire, code, baseURL } = await start();
  try {
    await context.setOffline(true);
    await villaAndEdit(page, code, 'A');
    const queued = await queueEntries(page);
    await editStoredSession(page, 'garble');
    // And the first delivery answers 401 as PostgREST does for an expired JWT.
    let unauthorized = 0;
    await context.route('**/rest/v1/properties*', async (route) => {
      if (!route.request().headers()['x-mutation-id'] || unauthorized > 0) return route.continue();
      unauthorized += 1;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PGRST301', message: 'JWT expired', details: null }),
      });
    });
    await context.setOffline(false);
    expect(await waitForDrain(page)).toEqual([]);
    expect(unauthorized).toBe(1);
    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([`${code}-A`]);
    await expectAppliedOnce(baseURL, account.id, queued);
    expect(wire.deliveries.get(queued[0]!.mutationId)).toBe(2);
  } finally {
    await pwa.close();
  }
});

test('a revoked session at replay: the writes wait as needs-login, are kept and go out after signing in again', async () => {
  const { account, pwa, page, context, code, baseURL } = await start();
  try {
    await context.setOffline(true);
    await villaAndEdit(page, code, 'A');
    const queued = await queueEntries(page);
    // Signed out everywhere from another device: the refresh token is dead.
    const token = await page.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token,
      STORAGE_KEY,
    );
    const res = await fetch(`${baseURL}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBeLessThan(300);
    // A long day offline: the access token has expired too (a revoked session's access token
    // stays valid until it expires, on hosted Supabase as here). The worker holds the copy the
    // page handed it, equally expired.
    await editStoredSession(page, 'garble');
    await page.evaluate(
      ({ key, account }) => {
        const s = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
        navigator.serviceWorker.controller?.postMessage({
          type: 'SET_SESSION',
          session: { userId: account, accessToken: s.access_token, expiresAt: Date.now() - 60_000 },
        });
      },
      { key: STORAGE_KEY, account: account.id },
    );
    await context.setOffline(false);
    await expect
      .poll(async () => (await queueEntries(page)).map((e) => e.status), { timeout: 20_000 })
      .toEqual(['needs-login', 'needs-login']);
    expect(await serverProperties(baseURL, code)).toEqual([]);

    // Signed in again on this device: the kept writes go out.
    await page.goto('/auth');
    await signIn(page, account.email, account.password);
    expect(await waitForDrain(page)).toEqual([]);
    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([`${code}-A`]);
    await expectAppliedOnce(baseURL, account.id, queued);
  } finally {
    await pwa.close();
  }
});

test('503, 503, 429 with Retry-After then success: retried in order, attempts shown, applied once', async () => {
  const { account, pwa, page, context, wire, code, baseURL } = await start();
  try {
    await context.setOffline(true);
    await villaAndEdit(page, code, 'A');
    const queued = await queueEntries(page);
    const answers: number[] = [];
    await context.route('**/rest/v1/properties*', async (route) => {
      if (!route.request().headers()['x-mutation-id']) return route.continue();
      const n = answers.length;
      if (n < 2) {
        answers.push(503);
        return route.fulfill({ status: 503, body: 'Service Unavailable' });
      }
      if (n === 2) {
        answers.push(429);
        return route.fulfill({
          status: 429,
          headers: { 'Retry-After': '1' },
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Too many requests' }),
        });
      }
      answers.push(0);
      return route.continue();
    });
    const panel = await openSyncPanel(page);
    await context.setOffline(false);
    // Meanwhile the panel says which attempt it is on.
    await expect(panel.getByText(/attempt [12], next try at/)).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText('0 pending')).toBeVisible({ timeout: 30_000 });
    expect(await waitForDrain(page)).toEqual([]);
    expect(answers.slice(0, 3)).toEqual([503, 503, 429]);
    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([`${code}-A`]);
    await expectAppliedOnce(baseURL, account.id, queued);
    // Strict order: the edit waited behind the create and went out once.
    expect(wire.deliveries.get(queued[0]!.mutationId)).toBe(4);
    expect(wire.deliveries.get(queued[1]!.mutationId)).toBe(1);
  } finally {
    await pwa.close();
  }
});

/** A villa (and optionally a confirmed stay) put on the server directly, not through the queue. */
async function serverVilla(baseURL: string, code: string, stay?: { from: number; to: number }) {
  const [villa] = await service<{ id: string; updated_at: string }[]>(
    baseURL,
    'POST',
    '/rest/v1/properties',
    { name: `${code} Server`, code, area: 'Server Bay, Milos', type: 'villa', status: 'active' },
  );
  if (stay)
    await service(baseURL, 'POST', '/rest/v1/reservations', {
      property_id: villa!.id,
      guest_name: 'Server Guest',
      check_in: `${day(stay.from)}T13:00:00Z`,
      check_out: `${day(stay.to)}T09:00:00Z`,
      source: 'direct',
      status: 'confirmed',
    });
  return villa!;
}

/** Opens a villa from the list (read online first, it is kept on the device). */
async function openVilla(page: Page, name: string, search: string) {
  await page.goto(`/properties?q=${encodeURIComponent(search)}`);
  await page.getByRole('table', { name: 'Properties' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('refused writes (409 overlap, 409 duplicate code) are shown with their reason, Retry and Discard work, later writes still go', async () => {
  const { account, pwa, page, context, wire, code, baseURL } = await start();
  try {
    await serverVilla(baseURL, `${code}-S`, { from: 40, to: 44 });
    await openVilla(page, `${code}-S Server`, code);
    await expect(page.getByRole('region', { name: 'Upcoming reservations' })).toContainText(
      'Server Guest',
    );
    await context.setOffline(true);
    await addStay(page, { guest: 'Overlapping Guest', from: 42, to: 46 });
    await openList(page);
    await createVilla(page, { name: `${code} Dup`, code: `${code}-D` });
    await openList(page);
    await createVilla(page, { name: `${code} Fine`, code: `${code}-F` });
    const queued = await queueEntries(page);
    expect(queued.map((e) => e.target.name)).toEqual(['reservations', 'properties', 'properties']);
    // Meanwhile someone takes the code on the server.
    const [taken] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/properties', {
      name: `${code} Taken`,
      code: `${code}-D`,
      area: 'Server Bay, Milos',
      type: 'villa',
      status: 'active',
    });

    const panel = await openSyncPanel(page);
    await context.setOffline(false);
    const refused = panel.getByRole('listitem').filter({ hasText: 'Refused by the server' });
    await expect(refused).toHaveCount(2, { timeout: 20_000 });
    await expect(panel.getByText('2 pending')).toBeVisible();
    const stay = refused.filter({ hasText: 'Overlapping Guest' });
    await expect(stay).toContainText('overlap');
    const dup = refused.filter({ hasText: `New property ${code}-D` });
    await expect(dup).toContainText(/duplicate|already/i);
    // Nothing blocked: the villa queued after them is on the server, and off the device (the
    // server has it a moment before the device has taken it off its queue).
    await expect
      .poll(async () => (await serverProperties(baseURL, code)).map((v) => v.code))
      .toContain(`${code}-F`);
    const onDevice = async () =>
      (await queueEntries(page)).map((e) => [e.mutationId, e.status, e.lastError?.code]);
    await expect.poll(onDevice).toEqual([
      [queued[0]!.mutationId, 'rejected', '23P01'],
      [queued[1]!.mutationId, 'rejected', '23505'],
    ]);

    // Retry while the code is still taken: refused again, kept. The refused rows stay 2 the whole
    // time they are looked at, so the retry's own end is waited for: the villa went out once more
    // (Retry puts it back in line before it is sent) and its answer is stored. Otherwise the code
    // could be given up below before this retry was sent, and it would go through instead.
    const dupId = queued[1]!.mutationId;
    const sentBefore = wire.deliveries.get(dupId) ?? 0;
    await dup.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => wire.deliveries.get(dupId) ?? 0, { message: 'the retried villa sent again' })
      .toBeGreaterThan(sentBefore);
    await expect.poll(onDevice, { timeout: 15_000 }).toEqual([
      [queued[0]!.mutationId, 'rejected', '23P01'],
      [dupId, 'rejected', '23505'],
    ]);
    await expect(refused).toHaveCount(2);
    // The other villa gives the code up; Retry now goes through.
    await service(baseURL, 'PATCH', `/rest/v1/properties?id=eq.${taken!.id}`, {
      code: `${code}-T`,
    });
    await dup.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(onDevice, { timeout: 15_000 })
      .toEqual([[queued[0]!.mutationId, 'rejected', '23P01']]);
    await expect(refused).toHaveCount(1);
    // Discard the overlapping stay: gone from the device, never sent.
    await stay.getByRole('button', { name: 'Discard' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard this change?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(panel.getByText('0 pending')).toBeVisible();
    expect(await queueEntries(page)).toEqual([]);

    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([
      `${code}-D`,
      `${code}-F`,
      `${code}-S`,
      `${code}-T`,
    ]);
    const [villa] = await serverProperties(baseURL, `${code}-S`);
    expect((await serverReservations(baseURL, [villa!.id])).map((s) => s.guest_name)).toEqual([
      'Server Guest',
    ]);
    await expectAppliedOnce(baseURL, account.id, queued.slice(1));
  } finally {
    await pwa.close();
  }
});

test('a version conflict: archived offline while someone changed the villa - shown as a conflict, the other change kept', async () => {
  const { account, pwa, page, context, code, baseURL } = await start();
  try {
    const villa = await serverVilla(baseURL, `${code}-C`);
    await openVilla(page, `${code}-C Server`, code);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('button', { name: 'Archive property' }).click();
    await expectToast(page, `Property archived. ${QUEUED}`);
    const queued = await queueEntries(page);
    expect(queued.map((e) => `${e.method} ${e.target.op}`)).toEqual(['PATCH update']);
    // Meanwhile in the office: renamed (a new version).
    await service(baseURL, 'PATCH', `/rest/v1/properties?id=eq.${villa.id}`, {
      name: `${code}-C Renamed In Office`,
    });

    const panel = await openSyncPanel(page);
    await context.setOffline(false);
    const row = panel.getByRole('listitem').filter({ hasText: `Archive property ${code}-C` });
    await expect(row).toContainText('Refused by the server: Changed by someone else', {
      timeout: 20_000,
    });
    await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
    const [left] = await queueEntries(page);
    expect([left!.status, left!.lastError?.code]).toEqual(['rejected', 'CONFLICT']);
    const [server] = await serverProperties(baseURL, `${code}-C`);
    expect([server!.name, server!.archived]).toEqual([`${code}-C Renamed In Office`, false]);
    // Not applied: nothing recorded for this user.
    await expectAppliedOnce(baseURL, account.id, []);
  } finally {
    await pwa.close();
  }
});

test.describe(() => {
  test.describe.configure({ timeout: 120_000 });
  test('the browser closed while offline: relaunched offline, the shell, the queue and the villa are there; online, delivered once', async () => {
    const { account, pwa, page, context, code, baseURL } = await start();
    let again: Pwa | null = null;
    try {
      await context.setOffline(true);
      await villaAndEdit(page, code, 'A');
      const queued = await queueEntries(page);
      expect(queued).toHaveLength(2);
      await pwa.close(true);

      again = await launchPwa(baseURL, { dir: pwa.dir, offline: true });
      const res = await again.page.goto(`/properties?q=${code}`);
      expect(res?.fromServiceWorker()).toBe(true);
      await expect(again.page.getByText(OFFLINE_TEXT)).toBeVisible();
      const table = again.page.getByRole('table', { name: 'Properties' });
      // The villa made offline, from the device (its list copy and the queued create on top).
      await expect(table.getByRole('link', { name: `${code} A` })).toBeVisible();
      const panel = await openSyncPanel(again.page);
      await expect(panel.getByText('2 pending')).toBeVisible();
      expect((await queueEntries(again.page)).map((e) => e.mutationId)).toEqual(
        queued.map((e) => e.mutationId),
      );

      await again.context.setOffline(false);
      await expect(panel.getByText('0 pending')).toBeVisible({ timeout: 30_000 });
      expect(await waitForDrain(again.page)).toEqual([]);
      expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([`${code}-A`]);
      await expectAppliedOnce(baseURL, account.id, queued);
    } finally {
      await again?.close();
      await pwa.close();
    }
  });
});

test('two tabs: writes queued in both, each applied once (one lock)', async () => {
  const { account, pwa, page, context, wire, code, baseURL } = await start();
  try {
    const other = await context.newPage();
    await other.goto('/properties');
    await expectListLoaded(other);
    await context.setOffline(true);
    await villaAndEdit(page, code, 'A');
    await villaAndEdit(other, code, 'B');
    await createVilla(page, { name: `${code} C`, code: `${code}-C` });
    const queued = await queueEntries(page);
    expect(queued).toHaveLength(5);
    await context.setOffline(false);
    expect(await waitForDrain(page)).toEqual([]);
    expect(await queueEntries(other)).toEqual([]);
    expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([
      `${code}-A`,
      `${code}-B`,
      `${code}-C`,
    ]);
    await expectAppliedOnce(baseURL, account.id, queued);
    for (const e of queued) expect(wire.deliveries.get(e.mutationId), e.label).toBe(1);
  } finally {
    await pwa.close();
  }
});

test.describe(() => {
  test.describe.configure({ timeout: 240_000 });
  test('a worker update with writes waiting: Update Now while they replay - nothing lost, nothing doubled', async () => {
    // A private backend serving its own copy of the build, whose sw.js can change.
    const server = await startAppServer();
    try {
      const { account, pwa, page, context, wire, code, baseURL } = await start(server.baseURL);
      try {
        await context.setOffline(true);
        await villaAndEdit(page, code, 'A');
        await villaAndEdit(page, code, 'B');
        const queued = await queueEntries(page);
        expect(queued).toHaveLength(4);

        // A new worker version, found once back online; the writes go out slowly meanwhile.
        appendFileSync(path.join(server.dir, 'sw.js'), `\n// new version ${Date.now()}\n`);
        for (const ext of ['.br', '.gz'])
          rmSync(path.join(server.dir, `sw.js${ext}`), { force: true });
        await context.route('**/rest/v1/properties*', async (route) => {
          if (route.request().headers()['x-mutation-id'])
            await new Promise((r) => setTimeout(r, 1_000));
          await route.continue().catch(() => undefined);
        });
        await context.setOffline(false);
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          await reg?.update();
        });
        const card = page.getByRole('dialog', { name: 'Update Available' });
        await expect(card).toBeVisible({ timeout: 20_000 });
        const before = wire.log.length;
        const clicked = Date.now();
        // A page at work keeps sending requests through the old worker; in Chromium such an event
        // can stop the switch to the new worker, and the page must still end up on the new one.
        await page.evaluate(() => {
          setInterval(() => void fetch('/_health').catch(() => undefined), 200);
        });
        await updateNowAndReload(page, card, 45_000);
        test.info().annotations.push({
          type: 'update',
          description: `${before} write deliveries before Update Now, ${wire.log.length} in all; reloaded after ${Date.now() - clicked} ms`,
        });
        expect(await waitForDrain(page)).toEqual([]);
        // The new worker ends up active (it may still be finishing its activation just now).
        await expect
          .poll(() =>
            page.evaluate(async () => {
              const reg = await navigator.serviceWorker.getRegistration();
              return { waiting: reg?.waiting ?? null, active: reg?.active?.state };
            }),
          )
          .toEqual({ waiting: null, active: 'activated' });
        expect((await serverProperties(baseURL, code)).map((v) => v.code)).toEqual([
          `${code}-A`,
          `${code}-B`,
        ]);
        await expectAppliedOnce(baseURL, account.id, queued);
      } finally {
        await pwa.close();
      }
    } finally {
      await server.stop();
    }
  });
});

test.describe(() => {
  test.describe.configure({ timeout: 240_000 });
  test('a flaky network: ~20 mixed writes over 3 offline/online cycles with 30% of requests cut and the rest slowed - all applied once', async () => {
    const { account, pwa, page, context, wire, code, baseURL } = await start();
    try {
      const random = prng(20261121);
      const faults = { before: 0, after: 0, delayed: 0 };
      await context.route(/\/(rest|storage)\/v1\//, async (route) => {
        const r = random();
        if (r < 0.15) {
          faults.before += 1;
          return route.abort('connectionreset');
        }
        if (r < 0.3) {
          // Reached the server, the answer lost.
          faults.after += 1;
          await route.fetch().catch(() => undefined);
          return route.abort('connectionreset');
        }
        faults.delayed += 1;
        await new Promise((res) => setTimeout(res, Math.floor(random() * 1_500)));
        return route.continue().catch(() => undefined);
      });
      const all: StoredEntry[] = [];
      for (let cycle = 1; cycle <= 3; cycle += 1) {
        await context.setOffline(true);
        await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
        await openList(page);
        const a = `${code}-${cycle}A`;
        await createVilla(page, { name: `${code} ${cycle}A`, code: a });
        await addStay(page, {
          guest: `Guest ${cycle}A`,
          from: 20 + cycle * 10,
          to: 23 + cycle * 10,
        });
        await editVilla(page, { name: `${code} ${cycle}A Renamed`, maxGuests: 4 + cycle });
        await openList(page);
        await createVilla(page, { name: `${code} ${cycle}B`, code: `${code}-${cycle}B` });
        await addStay(page, {
          guest: `Guest ${cycle}B`,
          from: 21 + cycle * 10,
          to: 24 + cycle * 10,
        });
        await editVilla(page, { maxGuests: 3 + cycle });
        await addStay(page, {
          guest: `Guest ${cycle}B2`,
          from: 25 + cycle * 10,
          to: 27 + cycle * 10,
        });
        const queued = await queueEntries(page);
        expect(queued).toHaveLength(7);
        all.push(...queued);
        await context.setOffline(false);
        expect(await waitForDrain(page, 120_000)).toEqual([]);
      }
      test.info().annotations.push({
        type: 'faults',
        description: `${all.length} writes, ${faults.before} requests cut before the server, ${faults.after} after it applied, ${faults.delayed} slowed; ${[...wire.deliveries.values()].reduce((a, b) => a + b, 0)} write deliveries`,
      });
      expect(all).toHaveLength(21);
      const villas = await serverProperties(baseURL, code);
      expect(villas).toHaveLength(6);
      expect(villas.filter((v) => v.name.endsWith('Renamed'))).toHaveLength(3);
      const stays = await serverReservations(
        baseURL,
        villas.map((v) => v.id),
      );
      expect(stays).toHaveLength(9);
      await expectAppliedOnce(baseURL, account.id, all);
    } finally {
      await pwa.close();
    }
  });
});

// A 1 x 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a photo upload cut off: retried to the same path, the gallery row written only after it succeeded - one row, one object', async () => {
  const { account, pwa, page, context, code, baseURL } = await start();
  try {
    const villa = await serverVilla(baseURL, `${code}-P`);
    await openVilla(page, `${code}-P Server`, code);
    await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Add photos').setInputFiles({
      name: 'terrace.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expectToast(page, `Photo uploaded. ${QUEUED}`);
    const queued = await queueEntries(page);
    expect(queued.map((e) => `${e.target.kind} ${e.target.name}`)).toEqual([
      'storage property-photos',
      'table property_photos',
    ]);

    // Order of events on the wire: uploads and their answers, then the row.
    const events: string[] = [];
    context.on('request', (req) => {
      if (!req.headers()['x-mutation-id']) return;
      const p = new URL(req.url()).pathname;
      events.push(`${p.startsWith('/storage/') ? 'upload' : 'row'} sent ${p}`);
    });
    context.on('response', (res) => {
      if (!res.request().headers()['x-mutation-id']) return;
      const p = new URL(res.url()).pathname;
      events.push(`${p.startsWith('/storage/') ? 'upload' : 'row'} ${res.status()}`);
    });
    let cut = 0;
    await context.route('**/storage/v1/object/property-photos/**', async (route) => {
      if (route.request().method() !== 'POST' || cut > 0) return route.continue();
      cut += 1;
      // The bytes reached the server; the connection dropped before the answer.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    expect(await waitForDrain(page)).toEqual([]);
    expect(cut).toBe(1);

    const uploads = events.filter((e) => e.startsWith('upload sent'));
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    expect(new Set(uploads).size, 'every upload to the same path').toBe(1);
    const firstRow = events.findIndex((e) => e.startsWith('row sent'));
    const uploaded = events.findIndex((e) => /^upload 2\d\d$/.test(e));
    expect(uploaded, events.join('\n')).toBeGreaterThanOrEqual(0);
    expect(firstRow, events.join('\n')).toBeGreaterThan(uploaded);

    const rows = await service<{ id: string; storage_path: string }[]>(
      baseURL,
      'GET',
      `/rest/v1/property_photos?select=id,storage_path&property_id=eq.${villa.id}`,
    );
    expect(rows).toHaveLength(1);
    const objects = await service<{ name: string }[]>(
      baseURL,
      'POST',
      '/storage/v1/object/list/property-photos',
      { prefix: villa.id, limit: 100 },
    );
    expect(objects.map((o) => `${villa.id}/${o.name}`)).toEqual([rows[0]!.storage_path]);
    expect(uploads[0]).toContain(rows[0]!.storage_path);
    await expectAppliedOnce(baseURL, account.id, queued);
  } finally {
    await pwa.close();
  }
});

test('a profile edited offline shows as edited after an offline reload, then is sent once', async () => {
  const { account, pwa, page, context, baseURL } = await start();
  try {
    await page.goto('/profile');
    await expect(page.getByLabel('Full name')).toHaveValue('Offline Tester');
    await context.setOffline(true);
    await page.getByLabel('Full name').fill('Offline Tester Edited');
    await page.getByLabel('Phone').fill('+30 694 512 3801');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, `Profile updated. ${QUEUED}`);
    const queued = await queueEntries(page);
    expect(queued.map((e) => e.method)).toEqual(['PATCH']);

    // Reloaded with no network: the page answers from the device, the queued edit on top.
    await page.reload();
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Offline Tester Edited');
    await expect(page.getByLabel('Phone')).toHaveValue('+30 694 512 3801');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu').getByText('Offline Tester Edited')).toBeVisible();
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    expect(await waitForDrain(page)).toEqual([]);
    const [row] = await service<{ full_name: string; phone: string }[]>(
      baseURL,
      'GET',
      `/rest/v1/profiles?select=full_name,phone&id=eq.${account.id}`,
    );
    expect(row).toEqual({ full_name: 'Offline Tester Edited', phone: '+30 694 512 3801' });
    await expectAppliedOnce(baseURL, account.id, queued);
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Offline Tester Edited');
  } finally {
    await pwa.close();
  }
});
