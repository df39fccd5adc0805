// src/lib/database.types.ts is generated from the migrations (npm run gen:types), never edited by
// hand: regenerating it from the current schema must give the committed file byte for byte.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { CATALOGUE_FILE, generateAll, generateTypes, TYPES_FILE } from '../../scripts/gen-types.ts';

it('src/lib/database.types.ts matches the schema of supabase/migrations', async () => {
  const committed = await readFile(TYPES_FILE, 'utf8');
  const generated = await generateTypes();
  expect(committed, 'out of date: run npm run gen:types').toBe(generated);
  expect(generated).toContain('PostgrestVersion: "12"');
  for (const table of [
    'profiles',
    'roles',
    'user_roles',
    'role_permissions',
    'custom_permissions',
  ]) {
    expect(generated).toMatch(new RegExp(`\\n      ${table}: \\{\\n        Row: \\{`));
  }
}, 60_000);

it('src/lib/access-catalogue.ts lists the permission keys and system roles the migrations seed', async () => {
  const committed = await readFile(CATALOGUE_FILE, 'utf8');
  const { catalogue } = await generateAll();
  expect(committed, 'out of date: run npm run gen:types').toBe(catalogue);
  expect(catalogue).toContain("'properties.manage'");
  expect(catalogue).toMatch(/SYSTEM_ROLES = \[[^\]]*'technician'/);
}, 60_000);
