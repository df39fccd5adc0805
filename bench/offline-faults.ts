// The offline soaks' fault plan (bench/offline.ts, bench/offline-checklist.ts): a route on the
// backend's /rest/v1/ and /storage/v1/ paths that hits each delivery of a queued write (a request
// with an X-Mutation-Id) and each of replay's "was it applied before?" checks, with the cycle's
// probability, by a 500 or 503, a 429 with Retry-After: 1, an aborted request, an answer delayed by
// 0.2-2 s, or an answer lost after the server applied the write. At most MAX_FAILS_PER_REQUEST
// failing faults per request key, so no entry reaches the 12-try limit. Seeded per cycle by the
// caller, so a run is reproducible. It also counts what left the browser: deliveries per mutation.
import type { Request, Route } from '@playwright/test';

export type FaultKind =
  'http500' | 'http503' | 'http429' | 'abort' | 'slow' | 'applied-answer-lost';
const FAULT_KINDS: readonly FaultKind[] = [
  'http500',
  'http503',
  'http429',
  'abort',
  'abort',
  'slow',
  'slow',
  'applied-answer-lost',
  'applied-answer-lost',
];

/** Failing faults (not slow answers) per mutation: keeps every entry far from MAX_ATTEMPTS (12). */
export const MAX_FAILS_PER_REQUEST = 2;

export interface FaultPlan {
  rate: number;
  rand: () => number;
}

export const int = (r: () => number, lo: number, hi: number) =>
  lo + Math.floor(r() * (hi - lo + 1));
export function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FaultInjector {
  /** The current cycle's plan; null: no faults (offline, or a fault-free cycle). */
  plan: FaultPlan | null = null;
  readonly faults: Record<FaultKind, number> = {
    http500: 0,
    http503: 0,
    http429: 0,
    abort: 0,
    slow: 0,
    'applied-answer-lost': 0,
  };
  /** Where the faults fell: writes to tables and functions, uploads, applied-before checks. */
  readonly faultsOn = { rest: 0, storage: 0, check: 0 };
  cycleFaults = 0;
  /** Faults of this cycle that made a delivery fail (all but slow answers). */
  cycleFails = 0;
  /** Failing faults per request key (mutation id, or the sync_mutations check of one). */
  readonly failsPerKey = new Map<string, number>();
  /** Deliveries of each mutation seen leaving the browser (page or worker). */
  readonly deliveries = new Map<string, number>();
  /** Mutation ids whose answer was dropped after the server had applied them. */
  readonly appliedAnswerLost = new Set<string>();
  checkRequests = 0;
  faultFallbacks = 0;

  /** A new cycle with this plan (null: none). */
  startCycle(plan: FaultPlan | null): void {
    this.plan = plan;
    this.cycleFaults = 0;
    this.cycleFails = 0;
  }

  total(): number {
    return Object.values(this.faults).reduce((a, b) => a + b, 0);
  }

  /** For context.route: a request cut off by a reload cannot be answered any more. */
  onRequest = async (route: Route, request: Request): Promise<void> => {
    try {
      await this.inject(route, request);
    } catch (e) {
      if (!/closed|disposed|detached|handled/i.test(String(e))) throw e;
    }
  };

  private async inject(route: Route, request: Request): Promise<void> {
    const mid = request.headers()['x-mutation-id'];
    const url = new URL(request.url());
    const isCheck = request.method() === 'GET' && url.pathname === '/rest/v1/sync_mutations';
    if (mid) this.deliveries.set(mid, (this.deliveries.get(mid) ?? 0) + 1);
    if (isCheck) this.checkRequests++;
    const p = this.plan;
    if (!p || (!mid && !isCheck)) return route.fallback();
    const key = mid ?? `check:${url.searchParams.get('mutation_id') ?? ''}`;
    if (p.rand() >= p.rate) return route.fallback();
    let kind = pick(p.rand, FAULT_KINDS);
    const fails = this.failsPerKey.get(key) ?? 0;
    if (kind !== 'slow' && fails >= MAX_FAILS_PER_REQUEST) kind = 'slow';
    // Re-sending a request from here needs its body; a blob body Chromium does not hand over is
    // left to the browser, with a fault that does not need it.
    const method = request.method();
    if (
      kind === 'applied-answer-lost' &&
      (method === 'POST' || method === 'PATCH') &&
      !request.postDataBuffer()
    ) {
      this.faultFallbacks++;
      kind = 'abort';
    }
    if (kind !== 'slow') {
      this.failsPerKey.set(key, fails + 1);
      this.cycleFails++;
    }
    this.faults[kind]++;
    this.cycleFaults++;
    this.faultsOn[isCheck ? 'check' : url.pathname.startsWith('/storage/') ? 'storage' : 'rest']++;
    const json = (status: number, message: string, headers: Record<string, string> = {}) =>
      route.fulfill({
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ message, code: `BENCH_${status}` }),
      });
    switch (kind) {
      case 'http500':
        return json(500, 'injected: internal error');
      case 'http503':
        return json(503, 'injected: unavailable');
      case 'http429':
        return json(429, 'injected: too many requests', { 'Retry-After': '1' });
      case 'abort':
        return route.abort(p.rand() < 0.5 ? 'connectionreset' : 'failed');
      case 'slow': {
        const res = await route.fetch();
        await sleep(int(p.rand, 200, 2000));
        return route.fulfill({ response: res });
      }
      case 'applied-answer-lost': {
        const res = await route.fetch();
        if (mid && res.status() < 300) this.appliedAnswerLost.add(mid);
        return route.abort('connectionreset');
      }
    }
  }
}
