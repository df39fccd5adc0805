// In-memory token buckets, as GoTrue's limiters are per process too: `limit` requests per
// `windowMs`, refilled continuously, one bucket per key (client address, e-mail address, ...).
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = Date.now();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private bucket(key: string) {
    const t = this.now();
    this.sweep(t);
    const b = this.buckets.get(key) ?? { tokens: this.limit, at: t };
    b.tokens = Math.min(this.limit, b.tokens + ((t - b.at) * this.limit) / this.windowMs);
    b.at = t;
    this.buckets.set(key, b);
    return b;
  }

  /** Is there budget left for `key`, without spending it? */
  allows(key: string): boolean {
    return this.bucket(key).tokens >= 1;
  }

  /** Spends one unit for `key`; false (and nothing spent) when the budget is used up. */
  take(key: string): boolean {
    const b = this.bucket(key);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Milliseconds until `key` has one unit of budget again (0 when it has one now). */
  retryAfterMs(key: string): number {
    const b = this.bucket(key);
    return b.tokens >= 1 ? 0 : Math.ceil(((1 - b.tokens) * this.windowMs) / this.limit);
  }

  /** Spends one unit even when the budget is gone (failures are counted, not refused). */
  spend(key: string): void {
    const b = this.bucket(key);
    b.tokens = Math.max(0, b.tokens - 1);
  }

  // Full buckets carry no information; dropping them keeps memory bounded by recent activity.
  private sweep(t: number) {
    if (t - this.lastSweep < this.windowMs) return;
    this.lastSweep = t;
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((t - b.at) * this.limit) / this.windowMs >= this.limit)
        this.buckets.delete(k);
    }
  }
}
