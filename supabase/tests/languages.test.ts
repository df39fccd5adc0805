// Languages in the database (docs/i18n.md): a profile's language may be left to the device (null);
// checklist templates, cleaning types and a checklist's sections and items carry their Greek and
// Albanian titles; only the app's other languages and texts of the right length are taken; the
// translations are written by whoever may write the names (settings.manage) and refused to the
// rest, as the names are.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteUsers,
  outcome,
  serviceClient,
  type Client,
  type TestUser,
} from './support.ts';

type Actor = 'anon' | 'norole' | 'housekeeper' | 'technician' | 'manager' | 'admin';
const ACTORS: Actor[] = ['anon', 'norole', 'housekeeper', 'technician', 'manager', 'admin'];
const users = {} as Record<Exclude<Actor, 'anon'>, TestUser>;
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);
const types: string[] = [];
const templates: string[] = [];

beforeAll(async () => {
  [users.norole, users.housekeeper, users.technician, users.manager, users.admin] =
    await Promise.all([
      createUser('norole'),
      createUser('housekeeper', ['housekeeper']),
      createUser('technician', ['technician']),
      createUser('manager', ['manager']),
      createUser('admin', ['admin']),
    ]);
});

afterAll(async () => {
  const service = serviceClient();
  if (types.length) await service.from('cleaning_types').delete().in('id', types);
  if (templates.length) await service.from('checklist_templates').delete().in('id', templates);
  await deleteUsers(Object.values(users));
});

const content = (item: Record<string, unknown>, section: Record<string, unknown> = {}) => ({
  sections: [
    {
      id: 's1',
      title: 'Kitchen',
      ...section,
      items: [{ id: 'i1', label: 'Wipe the counters', kind: 'tick', required: true, ...item }],
    },
  ],
});

describe('profiles.language', () => {
  it('a user leaves the language to the device (null) and chooses one again', async () => {
    const u = users.housekeeper;
    const cleared = await u.client
      .from('profiles')
      .update({ language: null })
      .eq('id', u.id)
      .select('language')
      .single();
    expect(cleared.error).toBeNull();
    expect(cleared.data!.language).toBeNull();
    const chosen = await u.client
      .from('profiles')
      .update({ language: 'sq' })
      .eq('id', u.id)
      .select('language')
      .single();
    expect(chosen.data!.language).toBe('sq');
  });

  it("nobody sets another user's language", async () => {
    const res = await users.technician.client
      .from('profiles')
      .update({ language: 'el' })
      .eq('id', users.housekeeper.id)
      .select('id');
    expect(outcome(res)).toBe('none');
    const { data } = await serviceClient()
      .from('profiles')
      .select('language')
      .eq('id', users.housekeeper.id)
      .single();
    expect(data!.language).toBe('sq');
  });
});

describe('cleaning types: name_i18n', () => {
  const expected: Record<Actor, 'ok' | 'denied' | 'none'> = {
    anon: 'denied',
    norole: 'denied',
    housekeeper: 'denied',
    technician: 'denied',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s adding a cleaning type with its Greek and Albanian names', async (actor) => {
    const id = randomUUID();
    types.push(id);
    const res = await clientOf(actor)
      .from('cleaning_types')
      .insert({
        id,
        name: `Linen ${actor} ${id.slice(0, 6)}`,
        name_i18n: { el: 'Αλλαγή λευκών ειδών', sq: 'Ndërrim çarçafësh' },
        minutes_by_bedrooms: [20, 30],
      })
      .select('name_i18n');
    expect(outcome(res)).toBe(expected[actor]);
    if (expected[actor] === 'ok')
      expect(res.data![0]!.name_i18n).toMatchObject({ sq: 'Ndërrim çarçafësh' });
  });

  it.each([
    ['a language the app does not speak', { de: 'Wäsche' }],
    ['an empty text', { el: '  ' }],
    ['a text that is not one', { el: 5 }],
    ['a list', ['el']],
    ['a name too long', { el: 'α'.repeat(61) }],
  ])('refuses %s (check violation, nothing written)', async (_, value) => {
    const id = randomUUID();
    types.push(id);
    const res = await users.manager.client
      .from('cleaning_types')
      .insert({ id, name: `Bad ${id.slice(0, 6)}`, name_i18n: value, minutes_by_bedrooms: [20] })
      .select('id');
    expect(res.error?.code).toBe('23514');
    const { data } = await serviceClient().from('cleaning_types').select('id').eq('id', id);
    expect(data).toEqual([]);
  });
});

describe('checklist templates: name_i18n and the items in each language', () => {
  it('a manager publishes a checklist whose section and item carry their titles', async () => {
    const id = randomUUID();
    templates.push(id);
    await users.manager.client
      .from('checklist_templates')
      .insert({
        id,
        name: 'Turnover',
        name_i18n: { el: 'Αλλαγή επισκεπτών', sq: 'Ndërrim mysafirësh' },
      })
      .throwOnError();
    const version = await users.manager.client
      .from('checklist_template_versions')
      .insert({
        template_id: id,
        content: content(
          { label_i18n: { el: 'Σκούπισε τους πάγκους', sq: 'Fshij banakët' } },
          { title_i18n: { el: 'Κουζίνα', sq: 'Kuzhina' } },
        ),
      })
      .select('content')
      .single();
    expect(version.error).toBeNull();
    const read = await users.housekeeper.client
      .from('checklist_templates')
      .select('name_i18n')
      .eq('id', id)
      .single();
    expect(read.data!.name_i18n).toMatchObject({ el: 'Αλλαγή επισκεπτών' });
  });

  it.each([
    ['an item in a language the app does not speak', content({ label_i18n: { it: 'Pulire' } })],
    ['an item with an empty text', content({ label_i18n: { sq: '' } })],
    ['a section title too long', content({}, { title_i18n: { el: 'α'.repeat(121) } })],
  ])('refuses %s (invalid checklist, 22023)', async (_, bad) => {
    const id = randomUUID();
    templates.push(id);
    await users.manager.client
      .from('checklist_templates')
      .insert({ id, name: 'Bad' })
      .throwOnError();
    const res = await users.manager.client
      .from('checklist_template_versions')
      .insert({ template_id: id, content: bad })
      .select('id');
    expect(res.error?.code).toBe('22023');
    expect(res.error?.message).toMatch(/^Invalid checklist: (item|section) ".+": translations are/);
  });

  it.each(['housekeeper', 'technician', 'norole', 'anon'] as const)(
    "%s cannot change a template's names in other languages",
    async (actor) => {
      const id = randomUUID();
      templates.push(id);
      await serviceClient().from('checklist_templates').insert({ id, name: 'Kept' }).throwOnError();
      const res = await clientOf(actor)
        .from('checklist_templates')
        .update({ name_i18n: { el: 'Άλλο' } })
        .eq('id', id)
        .select('id');
      expect(['denied', 'none']).toContain(outcome(res));
      const { data } = await serviceClient()
        .from('checklist_templates')
        .select('name_i18n')
        .eq('id', id)
        .single();
      expect(data!.name_i18n).toEqual({});
    },
  );
});
