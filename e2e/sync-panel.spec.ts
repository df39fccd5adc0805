// The offline banner and the Sync Queue panel (docs/areas.md, spec §2, §7, §9), refused entries with
// their reason (docs/offline.md rule 4), the sign-out warning (rule 9) and the settings' offline and
// storage section. Entries are put in the app's own IndexedDB queue as the app writes them.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, DEMO, DEMO_PASSWORD, rest, signIn, signInAs } from './support/helpers';
import { baseURLOf, createManager, type Account } from './support/offline';

/**
 * A manager of the test's own, signed in through the form: signing out ends every session of the
 * account on the server (the demo manager's saved one too, docs/testing.md), so the tests that
 * sign out do it with an account nobody else uses.
 */
async function ownManager(page: Page): Promise<Account> {
  const account = await createManager(baseURLOf());
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  return account;
}

const OFFLINE_TEXT = "You're offline. Changes will sync when connection is restored.";

interface AddedEntry {
  url: string;
  mutationId: string;
  userId: string;
  /** The entry's time as the page shows it (the browser's local time). */
  time: string;
}

/** Adds a realistic queued profile edit for the signed-in user to the `sync-queue` store. */
function addQueueEntry(page: Page, extra: Record<string, unknown> = {}): Promise<AddedEntry> {
  return page.evaluate(async (extra) => {
    const stored = Object.entries(localStorage).find(([k]) => k.endsWith('-auth-token'))?.[1];
    const userId = (JSON.parse(stored ?? '{}') as { user?: { id?: string } }).user?.id;
    if (!userId) throw new Error('No signed-in user in local storage');
    const url = `${location.origin}/rest/v1/profiles?id=eq.${userId}`;
    const timestamp = Date.now();
    const entry = {
      method: 'PATCH',
      url,
      timestamp,
      mutationId: crypto.randomUUID(),
      userId,
      target: { kind: 'table', name: 'profiles', rowId: userId, op: 'update' },
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ phone: '+30 210 000 0000' }),
      label: 'Edit profile',
      values: { phone: '+30 210 000 0000' },
      expectRow: true,
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
      lastError: null,
      ...extra,
    };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('arivia-ops', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('sync-queue', 'readwrite');
      tx.objectStore('sync-queue').add(entry);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    // The panel's clock is the company's (the demo's Europe/Athens), not the device's.
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Athens',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(timestamp));
    return { url, mutationId: entry.mutationId, userId, time };
  }, extra);
}

/** The mutation ids in the page's `sync-queue` store. */
function queuedMutationIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('arivia-ops', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise<{ mutationId: string }[]>((resolve, reject) => {
      const req = db.transaction('sync-queue').objectStore('sync-queue').getAll();
      req.onsuccess = () => resolve(req.result as { mutationId: string }[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return all.map((e) => e.mutationId);
  });
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Sync Queue' });
}

test('offline banner, the panel filling and draining, back online', async ({
  page,
  context,
  request,
}) => {
  await signInAs(page, 'manager');
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'View Queue' }).click();

  const queue = panel(page);
  await expect(queue.getByRole('heading', { name: 'Sync Queue' })).toBeVisible();
  const badge = queue.getByText(/^\d+ pending$/);
  await expect(badge).toHaveText('0 pending');
  await expect(badge).toHaveAttribute('data-state', 'idle');
  await expect(queue.getByText('No pending requests')).toBeVisible();
  await expect(queue.getByRole('button', { name: 'Refresh' })).toBeVisible();

  // Written behind the app's back (no change message): the periodic refresh (every 3 s) finds it
  // with no reload; the expect's own limit leaves a loaded machine its margin.
  const added = await addQueueEntry(page);
  await expect(badge).toHaveText('1 pending');
  await expect(badge).toHaveAttribute('data-state', 'active');
  const row = queue.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PATCH');
  await expect(row).toContainText(added.time);
  await expect(row).toContainText(added.url);
  await expect(row).toContainText('Edit profile');
  await expect(page.getByRole('button', { name: 'Sync queue' })).toContainText('1');

  await context.setOffline(false);
  const back = page.getByRole('status').filter({ hasText: 'Back online' });
  await expect(back).toBeVisible();
  await expect(back.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

  // Back online the sync engine sends it; the panel follows.
  await expect(badge).toHaveText('0 pending', { timeout: 15_000 });
  await expect(queue.getByText('No pending requests')).toBeVisible();
  expect(await queuedMutationIds(page)).not.toContain(added.mutationId);
  const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
  const rows = (await rest(
    request,
    token,
    'GET',
    `profiles?select=phone&id=eq.${added.userId}`,
  )) as {
    phone: string | null;
  }[];
  expect(rows[0]?.phone).toBe('+30 210 000 0000');

  await back.getByRole('button', { name: 'Close' }).click();
  await expect(queue).toHaveCount(0);
  await expect(page.getByText('Back online')).toHaveCount(0);
});

test('a refused change shows its reason, Retry and Discard', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.getByRole('button', { name: 'Sync queue' }).click();
  const queue = panel(page);
  await expect(queue.getByText('No pending requests')).toBeVisible();
  // Opening the panel online is not coming back online.
  await expect(page.getByText('Back online')).toHaveCount(0);

  const added = await addQueueEntry(page, {
    status: 'rejected',
    attempts: 1,
    lastError: {
      status: 403,
      code: '42501',
      message: 'new row violates row-level security policy',
    },
  });
  const row = queue.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(queue.getByText('1 pending')).toBeVisible();
  await expect(row).toContainText('Edit profile');
  await expect(row).toContainText('new row violates row-level security policy');
  await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();

  await row.getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Discard this change?' });
  await expect(confirm).toContainText('will be lost');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await queuedMutationIds(page)).toContain(added.mutationId);

  await row.getByRole('button', { name: 'Discard' }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(queue.getByText('No pending requests')).toBeVisible();
  await expect(queue.getByText('0 pending')).toBeVisible();
  expect(await queuedMutationIds(page)).not.toContain(added.mutationId);

  await queue.getByRole('button', { name: 'Close' }).click();
  await expect(queue).toHaveCount(0);
});

test('on a 360 px phone the banner leaves the header usable and the panel fits', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'manager');
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  // Not covered: the user menu still opens.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'View Queue' }).click();
  const box = await panel(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await context.setOffline(false);
});

test('the banner and the panel with a refused change pass axe, light and dark', async ({
  page,
  context,
}) => {
  await signInAs(page, 'manager');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'View Queue' }).click();
  await addQueueEntry(page, {
    status: 'rejected',
    lastError: { status: 409, code: '23505', message: 'duplicate key value' },
  });
  await addQueueEntry(page, { attempts: 2, nextAttemptAt: Date.now() + 60_000 });
  const queue = panel(page);
  await expect(queue.getByText('2 pending')).toBeVisible();
  await expect(queue.getByText(/attempt 2, next try at \d\d:\d\d:\d\d/)).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The theme's colour transitions settle first; the screens under them have their own checks.
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    );
    const results = await new AxeBuilder({ page })
      .include('[aria-labelledby="sync-queue-title"]')
      .include('[role="status"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(bad, bad.join('\n')).toEqual([]);
  }
  // Leave nothing for the next test's replay.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('arivia-ops', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('sync-queue', 'readwrite');
      tx.objectStore('sync-queue').clear();
      tx.oncomplete = () => resolve();
    });
    db.close();
  });
  await context.setOffline(false);
});

test('settings show offline and storage, and open the queue', async ({ page }) => {
  await signInAs(page, 'manager', '/settings');
  const section = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { name: 'Offline and storage' }),
  });
  await expect(section).toBeVisible();
  await expect(section).toContainText('Running in the browser');
  await expect(section).toContainText('Online');
  await expect(section.getByText(/\d+(\.\d)? MB/)).toBeVisible();
  await section.getByRole('button', { name: 'Open Sync Queue' }).click();
  await expect(panel(page).getByText('No pending requests')).toBeVisible();
});

test('a change needing a new sign-in says so and signs out keeping it', async ({ page }) => {
  const account = await ownManager(page);
  await page.getByRole('button', { name: 'Sync queue' }).click();
  const queue = panel(page);
  await expect(queue.getByText('No pending requests')).toBeVisible();
  const added = await addQueueEntry(page, {
    status: 'needs-login',
    lastError: { status: 401, message: 'JWT expired' },
  });
  const row = queue.getByRole('listitem');
  await expect(row).toContainText('Sign in again to send');
  await row.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await queuedMutationIds(page)).toContain(added.mutationId);
  // Signed in again, the change goes out.
  await signIn(page, account.email, account.password);
  await expect
    .poll(() => queuedMutationIds(page), { timeout: 15_000 })
    .not.toContain(added.mutationId);
});

test('signing out with a change waiting warns, and keeps the change', async ({ page, context }) => {
  await ownManager(page);
  // Offline, so the change stays waiting - and sign-out must work without the network.
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  const added = await addQueueEntry(page);

  const signOut = async () => {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  };
  await signOut();
  const warning = page.getByRole('alertdialog', { name: 'Changes waiting to sync' });
  await expect(warning).toContainText(
    '1 change made on this device has not reached the server yet',
  );
  await expect(warning).toContainText('sent the next time this account signs in here');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();

  await signOut();
  await warning.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await queuedMutationIds(page)).toContain(added.mutationId);
});
