// The data folder may sit under folders that do not exist yet (.data/db on a fresh clone).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'arivia-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('opens a data folder whose parents do not exist yet', async () => {
  const db = await openPglite(path.join(root, 'fresh-clone', '.data', 'db'));
  try {
    const res = await db.query<{ ok: number }>('select 1 as ok');
    expect(res.rows).toEqual([{ ok: 1 }]);
  } finally {
    await db.close();
  }
}, 60_000);
