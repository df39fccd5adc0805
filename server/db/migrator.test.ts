import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedFiles } from './migrator.ts';

describe('seedFiles', () => {
  it('expands [db.seed] sql_paths in order, globs sorted, files once, missing ones ignored', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    mkdirSync(path.join(dir, 'seeds'));
    writeFileSync(path.join(dir, 'seed.sql'), '');
    for (const f of ['20_b.sql', '10_a.sql', 'notes.txt'])
      writeFileSync(path.join(dir, 'seeds', f), '');
    const files = await seedFiles(dir, [
      './seed.sql',
      './seeds/*.sql',
      './seed.sql',
      './missing.sql',
    ]);
    expect(files.map((f) => path.relative(dir, f))).toEqual([
      'seed.sql',
      path.join('seeds', '10_a.sql'),
      path.join('seeds', '20_b.sql'),
    ]);
  });
});
