// `npm run bench [-- part ...]`: runs the benchmark parts (all by default) and prints figures.
// Each part writes bench/results/<part>.json; bench/README.md records the figures.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const parts = [
  'server',
  'load',
  'realtime',
  'storage',
  'properties',
  'properties-web',
  'housekeeping',
  'maintenance',
  'inventory',
  'chat',
  'web',
  'offline',
].filter((p) => existsSync(path.join(here, `${p}.ts`)));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const chosen = wanted.length ? parts.filter((p) => wanted.includes(p)) : parts;

let failed = false;
for (const part of chosen) {
  console.log(`\n##### bench: ${part}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${part}.ts`)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
