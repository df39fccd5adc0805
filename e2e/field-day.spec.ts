// A housekeeper's day on a phone with no signal (issue 16's proof, docs/housekeeping.md "Field
// app"), in a 360 × 740 touch PWA profile with the service worker in control: the demo housekeeper
// opens her route with signal (the day is made available offline), loses the signal, cold-starts
// the app, runs a whole turnover checklist - three photos, one failed item reported as a problem -
// and finishes it; closes the browser, relaunches it offline and finds everything kept; then the
// signal returns and the server holds every answer, every photo (its stored bytes hash to what the
// phone recorded) and one work order. The manager inspects and the villa is guest-ready. axe runs on
// the field screens. The villa, its stays, checklist and turnover are the test's own (service key).
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import {
  downloadObject,
  expectFitsPhone,
  jpeg,
  launchPhone,
  makeFieldClean,
  restoreSignal,
  sha256,
} from './support/field';
import { expectToast, signInAs } from './support/helpers';
import { baseURLOf, QUEUED, queueEntries, service, waitForDrain } from './support/offline';
import { waitForController } from './support/pwa';

// One journey through online, offline, a cold start, a relaunch and the manager's inspection.
test.setTimeout(240_000);

const item = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

async function takePhoto(page: Page, label: string, seed: number) {
  await page.getByLabel(`Photo: ${label}`).setInputFiles({
    name: `${label}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await jpeg(seed),
  });
  await expect(page.getByRole('img', { name: `${label}, photo 1` })).toBeVisible();
}

async function signedPhotoCached(page: Page, objectPath: string): Promise<boolean> {
  return page.evaluate(async (p) => {
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      if (keys.some((k) => k.url.includes(p))) return true;
    }
    return false;
  }, objectPath);
}

test('a turnover done offline on a phone reaches the server whole, once; the manager passes it', async ({
  page: managerPage,
}) => {
  const baseURL = baseURLOf();
  const clean = await makeFieldClean(baseURL);
  const runPath = `/housekeeping/cleans/${clean.taskId}`;
  let phone = await launchPhone(baseURL);
  const dir = phone.dir;
  try {
    // --- With signal: her route, made available offline. ---------------------------------------
    await signInAs(phone.page, 'housekeeper', '/housekeeping');
    let page = phone.page;
    await expect(page.getByRole('heading', { name: 'My route', level: 1 })).toBeVisible();
    await waitForController(page);
    // Read again now that the worker controls the page, so its photo cache keeps the villa's images.
    await page.reload();
    const card = page.getByRole('article', { name: `${clean.villa}, Turnover` });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('link', { name: `Directions to ${clean.villa}` })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.getByText(/^Ready for offline: \d+ cleans?, updated \d\d:\d\d$/)).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    await expect
      .poll(() => signedPhotoCached(page, `${clean.villaId}/reference-1.jpg`), { timeout: 30_000 })
      .toBe(true);
    await expectAccessible(page, 'My route');
    await expectFitsPhone(page);

    // --- No signal, and the app started cold. -----------------------------------------------------
    await phone.close(true);
    phone = await launchPhone(baseURL, { dir, offline: true });
    page = phone.page;
    await page.goto('/housekeeping');
    await expect(page.getByRole('heading', { name: 'My route', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Ready for offline: \d+ cleans?, updated/)).toBeVisible();
    const offlineCard = page.getByRole('article', { name: `${clean.villa}, Turnover` });
    await offlineCard.getByRole('link', { name: `Start ${clean.villa}` }).tap();

    await expect(page.getByRole('heading', { name: clean.villa, level: 1 })).toBeVisible();
    await expect(page.getByText('Key safe by the blue gate')).toBeVisible();
    const reference = page.getByRole('img', { name: 'Living room as the guests find it' });
    await expect(reference).toBeVisible();
    await expect
      .poll(() => reference.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Start clean' }).tap();
    await expectToast(page, `Clean started. ${QUEUED}`);

    // Bedroom
    await page.getByRole('checkbox', { name: /Fresh linen on the beds/ }).check();
    await takePhoto(page, 'Bedroom photo', 1);
    await expectAccessible(page, 'Checklist run, offline');
    // The room strip and the reference photos scroll inside the page, never the page sideways.
    await expectFitsPhone(page);
    await page.getByRole('button', { name: 'Next room' }).tap();

    // Bathroom
    await expect(page.getByRole('heading', { name: 'Bathroom', level: 2 })).toBeVisible();
    const towels = page.getByRole('spinbutton', { name: /Towels \(sets\)/ });
    await towels.fill('4');
    await towels.press('Tab');
    await page
      .getByRole('group', { name: /Shower drains well/ })
      .getByRole('radio', { name: 'Yes' })
      .tap();
    await takePhoto(page, 'Bathroom photo', 2);
    await page.getByRole('button', { name: 'Next room' }).tap();

    // Terrace: the photo shows a problem; flagged, it is reported with its photo.
    await expect(page.getByRole('heading', { name: 'Terrace', level: 2 })).toBeVisible();
    await page
      .getByRole('group', { name: /Pool water clear/ })
      .getByRole('radio', { name: 'Yes' })
      .tap();
    const notes = page.getByRole('textbox', { name: /Notes for the office/ });
    await notes.fill('Sun loungers stacked by the wall');
    await notes.press('Tab');
    await takePhoto(page, 'Terrace photo', 3);
    const terrace = item(page, 'Terrace photo');
    await terrace.getByRole('button', { name: 'Flag a problem' }).tap();
    await terrace.getByRole('button', { name: 'Report a problem' }).tap();
    const form = page.getByRole('form', { name: 'Report a problem: Terrace photo' });
    await expect(form.getByLabel('Title')).toHaveValue('Terrace: Terrace photo');
    await expect(form).toContainText(clean.villa);
    await expect(form).toContainText('with the item’s photo');
    await form.getByLabel('What is wrong').fill('Broken tile by the pool steps, see the photo.');
    await form.getByRole('button', { name: 'Send report' }).tap();
    await expectToast(page, `Problem reported. ${QUEUED}`);
    await expect(terrace.getByText('Problem reported: Terrace: Terrace photo')).toBeVisible();

    await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '8',
    );
    await page.getByRole('button', { name: 'Finish clean' }).tap();
    await expectToast(page, `Clean finished. ${QUEUED}`);
    await expect(page.getByText(/waiting for inspection/)).toBeVisible();
    const queued = await queueEntries(page);
    expect(queued.filter((e) => e.status === 'pending').length).toBeGreaterThanOrEqual(18);
    // Every entry its own mutation id.
    expect(new Set(queued.map((e) => e.mutationId)).size).toBe(queued.length);

    // --- The browser closed; relaunched, still with no signal: everything kept. ------------------
    await phone.close(true);
    phone = await launchPhone(baseURL, { dir, offline: true });
    page = phone.page;
    await page.goto(runPath);
    await expect(page.getByRole('heading', { name: clean.villa, level: 1 })).toBeVisible();
    await expect(page.getByText(/waiting for inspection/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '8',
    );
    await expect(page.getByRole('img', { name: 'Bedroom photo, photo 1' })).toBeVisible();
    await page.getByRole('button', { name: /^Terrace/ }).tap();
    await expect(page.getByText('Problem reported: Terrace: Terrace photo')).toBeVisible();
    await expect(page.getByText('Sun loungers stacked by the wall')).toBeVisible();
    expect((await queueEntries(page)).length).toBe(queued.length);

    // --- Signal again: the queue drains, and the server holds the whole run, once. ---------------
    await restoreSignal(phone.context);
    const left = await waitForDrain(page, 90_000);
    expect(left, JSON.stringify(left.map((e) => [e.label, e.lastError]))).toEqual([]);

    const answers = await service<{ item_id: string; value: unknown; flagged: boolean }[]>(
      baseURL,
      'GET',
      `/rest/v1/cleaning_task_answers?select=item_id,value,flagged&task_id=eq.${clean.taskId}&order=item_id`,
    );
    expect(Object.fromEntries(answers.map((a) => [a.item_id, a.value]))).toEqual({
      'bath-photo': true,
      'bath-shower': true,
      'bath-towels': 4,
      'bed-linen': true,
      'bed-photo': true,
      'ter-notes': 'Sun loungers stacked by the wall',
      'ter-photo': true,
      'ter-pool': true,
    });
    expect(answers.find((a) => a.item_id === 'ter-photo')?.flagged).toBe(true);

    const photos = await service<
      { item_id: string; storage_path: string; bytes: number; sha256: string }[]
    >(
      baseURL,
      'GET',
      `/rest/v1/cleaning_task_photos?select=item_id,storage_path,bytes,sha256&task_id=eq.${clean.taskId}`,
    );
    expect(photos.map((p) => p.item_id).sort()).toEqual(['bath-photo', 'bed-photo', 'ter-photo']);
    for (const p of photos) {
      const stored = await downloadObject(baseURL, 'clean-photos', p.storage_path);
      expect(stored.length).toBe(p.bytes);
      expect(sha256(stored)).toBe(p.sha256);
    }

    const [task] = await service<{ status: string; next_check_in: string; items_done: number }[]>(
      baseURL,
      'GET',
      `/rest/v1/cleaning_tasks?select=status,next_check_in,items_done&id=eq.${clean.taskId}`,
    );
    expect(task).toMatchObject({ status: 'done', items_done: 8 });
    const orders = await service<
      { id: string; checklist_item: string; source: string; blocking: boolean; due_at: string }[]
    >(
      baseURL,
      'GET',
      `/rest/v1/work_orders?select=id,checklist_item,source,blocking,due_at,location&cleaning_task_id=eq.${clean.taskId}`,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      checklist_item: 'ter-photo',
      source: 'checklist_item',
      blocking: false,
      location: 'Terrace',
    });
    expect(new Date(orders[0]!.due_at).getTime()).toBe(new Date(task!.next_check_in).getTime());
    const orderPhotos = await service<unknown[]>(
      baseURL,
      'GET',
      `/rest/v1/work_order_photos?select=id&work_order_id=eq.${orders[0]!.id}`,
    );
    expect(orderPhotos).toHaveLength(1);
  } finally {
    await phone.close();
  }

  // --- The manager inspects the clean and passes it: the villa is ready for tomorrow's guests. ---
  await signInAs(managerPage, 'manager', runPath);
  await expect(managerPage.getByRole('heading', { name: clean.villa, level: 1 })).toBeVisible();
  await expect(managerPage.getByRole('img', { name: 'Bedroom photo, photo 1' })).toBeVisible();
  await expectAccessible(managerPage, 'Inspection');
  await managerPage.getByRole('button', { name: 'Pass inspection' }).click();
  await expectToast(managerPage, 'Inspection passed');
  await expect
    .poll(
      async () =>
        (
          await service<{ guest_ready: boolean; not_ready_reasons: string[] }[]>(
            baseURL,
            'GET',
            `/rest/v1/property_overview?select=guest_ready,not_ready_reasons&id=eq.${clean.villaId}`,
          )
        )[0],
      { timeout: 20_000 },
    )
    .toMatchObject({ guest_ready: true });
});

/** Is the clean kept in this phone's `tasks` store (docs/offline.md)? */
function onPhone(page: Page, taskId: string): Promise<boolean> {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('arivia-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('tasks').objectStore('tasks').getAllKeys();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result.some((key) => String(key).includes(id)));
          };
        };
      }),
    taskId,
  );
}

test('a periodic refresh from the service worker reads the day onto the phone again', async () => {
  const baseURL = baseURLOf();
  const first = await makeFieldClean(baseURL);
  const phone = await launchPhone(baseURL);
  try {
    const { page } = phone;
    await signInAs(page, 'housekeeper', '/housekeeping');
    await waitForController(page);
    await expect(page.getByRole('article', { name: `${first.villa}, Turnover` })).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(() => onPhone(page, first.taskId), { timeout: 30_000 }).toBe(true);
    // A clean planned for her after the day was read: nothing on the page reads it by itself.
    const later = await makeFieldClean(baseURL);
    expect(await onPhone(page, later.taskId)).toBe(false);

    // The browser wakes the worker for its periodic sync (as Chromium does for an installed app).
    const cdp = await phone.context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
      origin: new URL(baseURL).origin,
      registrationId: await registrationId,
      tag: 'arivia-ops-day',
    });
    await expect.poll(() => onPhone(page, later.taskId), { timeout: 30_000 }).toBe(true);
    await expect(page.getByRole('article', { name: `${later.villa}, Turnover` })).toBeVisible();
  } finally {
    await phone.close();
  }
});
