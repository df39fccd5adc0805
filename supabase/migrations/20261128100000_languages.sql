-- The app's languages (docs/i18n.md): English, Greek, Albanian.
--
-- 1. profiles.language may be null: "not chosen", the app then follows the device's language
--    (the browser's), then English. A chosen language stays a BCP 47 tag, as before.
-- 2. What the office writes for the field carries a title per language beside its English one:
--    checklist templates and cleaning types a `name_i18n`, and a checklist's sections and items
--    (in the version's content) a `title_i18n` / `label_i18n`: { "el": "...", "sq": "..." }.
--    Each user is shown the one in their language, else the English. Work-order categories are
--    a fixed list (an enum): their titles are the app's catalogue's.

alter table public.profiles alter column language drop not null;
alter table public.profiles alter column language drop default;

-- A map of language -> text: only the app's other languages, each text 1..max characters.
create function private.translations_problem(value jsonb, max_length integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when value is null then null
    when jsonb_typeof(value) <> 'object' then 'translations must be an object'
    when exists (
      select 1 from jsonb_each(value) e
      where e.key not in ('el', 'sq')
         or jsonb_typeof(e.value) <> 'string'
         or char_length(btrim(e.value #>> '{}')) not between 1 and max_length
    ) then format('translations are {"el": "...", "sq": "..."}, each 1-%s characters', max_length)
  end
$$;
grant execute on function private.translations_problem(jsonb, integer) to authenticated, service_role;

alter table public.checklist_templates
  add column name_i18n jsonb not null default '{}',
  add constraint checklist_templates_name_i18n check (private.translations_problem(name_i18n, 120) is null);
alter table public.cleaning_types
  add column name_i18n jsonb not null default '{}',
  add constraint cleaning_types_name_i18n check (private.translations_problem(name_i18n, 60) is null);

-- Whoever may write the name may write its translations (the same policies decide the rows).
grant insert (name_i18n), update (name_i18n) on table public.checklist_templates to authenticated;
grant insert (name_i18n), update (name_i18n) on table public.cleaning_types to authenticated;

-- The content check of 20261124120000_cleaning_settings.sql, with the sections' and items'
-- translations checked as well.
create or replace function private.checklist_content_problem(content jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  s jsonb;
  i jsonb;
  ids text[] := '{}';
  section_ids text[] := '{}';
  n integer := 0;
begin
  if jsonb_typeof(content) <> 'object' or jsonb_typeof(content -> 'sections') <> 'array' then
    return 'content must be an object with a sections array';
  end if;
  if jsonb_array_length(content -> 'sections') = 0 then
    return 'a checklist needs at least one section';
  end if;
  if jsonb_array_length(content -> 'sections') > 60 then
    return 'at most 60 sections';
  end if;
  for s in select value from jsonb_array_elements(content -> 'sections') loop
    if jsonb_typeof(s) <> 'object' or jsonb_typeof(s -> 'items') <> 'array'
      or coalesce(btrim(s ->> 'title'), '') = '' or char_length(s ->> 'title') > 120
      or coalesce(s ->> 'id', '') = '' or char_length(s ->> 'id') > 64
    then
      return 'every section needs an id, a title (1-120 characters) and an items array';
    end if;
    if private.translations_problem(s -> 'title_i18n', 120) is not null then
      return format('section "%s": %s', s ->> 'title', private.translations_problem(s -> 'title_i18n', 120));
    end if;
    if (s ->> 'id') = any(section_ids) then
      return 'section ids must be unique';
    end if;
    section_ids := section_ids || (s ->> 'id');
    for i in select value from jsonb_array_elements(s -> 'items') loop
      n := n + 1;
      if jsonb_typeof(i) <> 'object' or coalesce(i ->> 'id', '') = '' or char_length(i ->> 'id') > 64
        or coalesce(btrim(i ->> 'label'), '') = '' or char_length(i ->> 'label') > 300
      then
        return 'every item needs an id and a label (1-300 characters)';
      end if;
      if private.translations_problem(i -> 'label_i18n', 300) is not null then
        return format('item "%s": %s', i ->> 'label', private.translations_problem(i -> 'label_i18n', 300));
      end if;
      if (i ->> 'id') = any(ids) then
        return 'item ids must be unique';
      end if;
      ids := ids || (i ->> 'id');
      if coalesce(i ->> 'kind', '') not in ('tick', 'yes_no', 'number', 'text', 'photo') then
        return format('item "%s": kind must be tick, yes_no, number, text or photo', i ->> 'label');
      end if;
      if (i ? 'min' and jsonb_typeof(i -> 'min') not in ('number', 'null'))
        or (i ? 'max' and jsonb_typeof(i -> 'max') not in ('number', 'null'))
      then
        return format('item "%s": min and max must be numbers', i ->> 'label');
      end if;
      if jsonb_typeof(i -> 'min') = 'number' and jsonb_typeof(i -> 'max') = 'number'
        and (i ->> 'min')::numeric > (i ->> 'max')::numeric
      then
        return format('item "%s": the expected range is empty (min > max)', i ->> 'label');
      end if;
    end loop;
  end loop;
  if n > 500 then
    return 'at most 500 items';
  end if;
  return null;
end;
$$;
