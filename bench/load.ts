// A small closed-loop load generator: `connections` concurrent loops, each sending its next
// request when the previous one answered, for a fixed time. Every latency is kept, so p50 / p95
// are exact (autocannon reports p97.5, not p95). Used for the API and for the direct driver runs.
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

/** Runs `op` in `connections` loops for `seconds` (after `warmupSeconds` unmeasured). */
export async function runLoad(
  op: (loop: number) => Promise<void>,
  {
    connections,
    seconds,
    warmupSeconds = 1,
  }: { connections: number; seconds: number; warmupSeconds?: number },
): Promise<LoadResult> {
  const warmEnd = performance.now() + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const loops = Array.from({ length: connections }, async (_, loop) => {
    for (;;) {
      const t0 = performance.now();
      if (t0 >= end) return;
      try {
        await op(loop);
      } catch {
        if (t0 >= warmEnd) errors += 1;
        continue;
      }
      if (t0 >= warmEnd) latencies.push(performance.now() - t0);
    }
  });
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? NaN),
  };
}
