// `npm run i18n:report`: how much of each namespace's English the Greek and Albanian catalogues
// cover (docs/i18n.md). A text missing from one falls back to English on screen.
import { coverage, FIELD_NAMESPACES, problems } from './i18n-catalogues.ts';

const rows = coverage();
const pct = (n: number, of: number) => (of === 0 ? '100.0' : ((100 * n) / of).toFixed(1));
const width = Math.max(...rows.map((r) => r.name.length), 9);
console.log(`${'namespace'.padEnd(width)}  keys   el %    sq %   field screen`);
for (const r of rows)
  console.log(
    `${r.name.padEnd(width)}  ${String(r.keys).padStart(4)}  ${pct(r.el, r.keys).padStart(5)}  ${pct(r.sq, r.keys).padStart(6)}   ${FIELD_NAMESPACES.includes(r.name) ? 'yes' : ''}`,
  );
const total = rows.reduce((s, r) => s + r.keys, 0);
const el = rows.reduce((s, r) => s + r.el, 0);
const sq = rows.reduce((s, r) => s + r.sq, 0);
console.log(
  `${'all'.padEnd(width)}  ${String(total).padStart(4)}  ${pct(el, total).padStart(5)}  ${pct(sq, total).padStart(6)}`,
);
const wrong = problems();
for (const p of wrong) console.error(`problem: ${p}`);
process.exitCode = wrong.length > 0 ? 1 : 0;
