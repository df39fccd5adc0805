// `npm run reset`: forgets the local database and stored files; the next `npm start` migrates and
// seeds a fresh one.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './ensure-deps.mjs';

rmSync(path.join(ROOT, '.data'), { recursive: true, force: true });
console.log('Local data removed (.data/). `npm start` creates a fresh, seeded database.');
