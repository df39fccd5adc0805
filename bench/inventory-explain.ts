// EXPLAIN ANALYZE of the inventory bench's low-stock read (bench/inventory.ts "low stock, page 1")
// as the demo manager (role authenticated, RLS as through the API), on PGlite and on PostgreSQL
// 15: the same data as the bench (BENCH_PROPERTIES villas, default 500 here), then the plan of
// the page's query and of its count, and their times over a few runs.
// Run: npx tsx bench/inventory-explain.ts   (BENCH_TARGETS=pglite,postgres; EXPLAIN_RUNS=N)
process.env.BENCH_PROPERTIES ??= '500';
const { DATA_SQL } = await import('./inventory.ts');
const { forEachTarget, startBenchServer } = await import('./api-bench.ts');

const MANAGER = 'a11ce000-0000-4000-8000-000000000002';
const RUNS = Number(process.env.EXPLAIN_RUNS ?? 5);
const AS_MANAGER = `set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"${MANAGER}","role":"authenticated"}', true);
select set_config('request.jwt.claim.sub', '${MANAGER}', true);
select set_config('request.jwt.claim.role', 'authenticated', true);`;
const PAGE = `select * from public.inventory_low_stock order by suggested_order desc, id limit 50 offset 0`;
const COUNT = `select count(*) from public.inventory_low_stock`;

await forEachTarget('inventory explain', 'bench_inventory_explain', async (target, url) => {
  const server = await startBenchServer(url);
  try {
    await server.db.transaction((tx) => tx.exec(DATA_SQL));
    await server.db.exec('analyze');
    for (const [name, sql] of [
      ['page', PAGE],
      ['count', COUNT],
    ] as const) {
      const times: number[] = [];
      let plan = '';
      for (let i = 0; i < RUNS; i++) {
        await server.db.transaction(async (tx) => {
          await tx.exec(AS_MANAGER);
          const t0 = performance.now();
          await tx.query(sql);
          times.push(Math.round(performance.now() - t0));
          if (i === RUNS - 1) {
            const r = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`);
            plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
          }
        });
      }
      console.log(`\n=== ${target} ${name}: ${times.join(', ')} ms\n${plan}`);
    }
  } finally {
    await server.close();
  }
});
