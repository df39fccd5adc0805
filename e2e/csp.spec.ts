// The app's Content-Security-Policy (server/app.ts, docs/server-hardening.md): every page of the
// route table (src/lib/routes.ts), opened by a visitor or by the admin, runs without one CSP
// violation, and a script injected inline is refused. One test per page: a new route adds a test.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/helpers';
import { addressOf, GUARDED_ROUTES, PUBLIC_ROUTES } from './support/routes';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
    __inlineRan?: boolean;
  }
}

/** Records every `securitypolicyviolation` and every console line about the policy. */
async function watch(
  page: Page,
): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text()))
      consoleLines.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  return {
    violations: () => page.evaluate(() => window.__cspViolations ?? []),
    console: consoleLines,
  };
}

test('the app is served with its security headers', async ({ request }) => {
  for (const path of ['/', '/auth', '/properties']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/[^ ;]+ ws:\/\/[^ ;]+/);
    expect(csp).toContain("object-src 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The camera for this origin only (count mode's barcodes); no microphone, place or payment.
    expect(h['permissions-policy']).toContain('camera=(self)');
    expect(h['permissions-policy']).toContain('microphone=()');
  }
  // script-src is this origin, WebAssembly's compile (not eval) and the hashes of the build's own
  // inline scripts, nothing else.
  const res = await request.get('/');
  const scriptSrc = /script-src ([^;]*)/.exec(res.headers()['content-security-policy'] ?? '')![1]!;
  const [self, wasm, ...hashes] = scriptSrc.split(' ');
  expect([self, wasm]).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  for (const source of hashes) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  const html = await res.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
  expect(hashes.length).toBe(inline.length);
});

test('a script injected inline is refused and reported', async ({ page }) => {
  const csp = await watch(page);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true;';
    document.head.append(s);
  });
  await expect.poll(async () => (await csp.violations()).length).toBeGreaterThan(0);
  const [v] = await csp.violations();
  expect(v!.directive).toMatch(/^script-src/);
  expect(v!.blocked).toBe('inline');
  expect(await page.evaluate(() => window.__inlineRan)).toBeUndefined();
});

/**
 * Looks once the page's late work has started: its data (no 'Loading...', no skeleton), every
 * image loaded or refused, the fonts, and - signed in - the realtime socket (`socket`, the
 * promise of it taken before the page was opened). A violation is reported with an event queued
 * as a task: one frame and one task later it has been dispatched.
 */
async function expectNoViolation(
  page: Page,
  path: string,
  csp: Awaited<ReturnType<typeof watch>>,
  socket?: Promise<unknown>,
) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  if (socket) await socket;
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))),
  );
  expect(await csp.violations(), path).toEqual([]);
  expect(csp.console, path).toEqual([]);
}

for (const path of [...PUBLIC_ROUTES.map((r) => addressOf(r)), '/auth?mode=signup']) {
  test(`no violation for a visitor on ${path}`, async ({ page }) => {
    const csp = await watch(page);
    await page.goto(path);
    await expectNoViolation(page, path, csp);
  });
}

for (const path of GUARDED_ROUTES.map((r) => addressOf(r))) {
  test(`no violation for the admin on ${path}`, async ({ page }) => {
    const csp = await watch(page);
    // The signed-in frame joins the realtime presence channel: its socket is late work too (a
    // socket the policy refused would never open, and this wait would fail).
    const socket = page.waitForEvent('websocket', {
      predicate: (ws) => ws.url().includes('/realtime/'),
      timeout: 30_000,
    });
    // Handled here if the test fails before it is awaited (the page closes under it).
    socket.catch(() => undefined);
    await signInAs(page, 'admin', path);
    await expectNoViolation(page, path, csp, socket);
  });
}
