// The feature boundaries and the no-cycle rule of eslint.config.js really run: a planted
// cross-feature import and a planted import cycle fail lint (docs/architecture.md).
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, by alias and by relative path', async () => {
    const planted = 'src/features/profile/planted.ts';
    expect(
      await ruleIds(
        planted,
        "import { propertyKeys } from '@/features/properties/api/keys';\nexport const k = propertyKeys;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        planted,
        "import { propertyKeys } from '../properties/api/keys';\nexport const k = propertyKeys;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const ids = await ruleIds(
      'src/features/properties/planted.ts',
      "import { propertyKeys } from './api/keys';\nimport { cn } from '@/lib/utils';\nexport const k = [propertyKeys, cn];\n",
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses shared code importing a feature', async () => {
    expect(
      await ruleIds(
        'src/lib/planted.ts',
        "import { propertyKeys } from '@/features/properties/api/keys';\nexport const k = propertyKeys;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import domain code, and refuses domain code importing a feature', async () => {
    expect(
      await ruleIds(
        'src/features/housekeeping/planted.ts',
        "import { workOrderKeys } from '@/domain/work-orders/keys';\nexport const k = workOrderKeys;\n",
      ),
    ).not.toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        'src/domain/work-orders/planted.ts',
        "import { propertyKeys } from '@/features/properties/api/keys';\nexport const k = propertyKeys;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        'src/lib/planted.ts',
        "import { workOrderKeys } from '@/domain/work-orders/keys';\nexport const k = workOrderKeys;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    // src/offline/queue.ts imports ./db: db importing ./queue back closes a cycle.
    const ids = await ruleIds(
      'src/offline/db.ts',
      "import { listEntries } from './queue';\nexport const e = listEntries;\n",
    );
    expect(ids).toContain('import-x/no-cycle');
  });
});
