-- Why: housekeeping needs to know what kinds of clean exist, how long each takes, which checklist it
-- follows and whether someone inspects it afterwards, and a villa may differ from the company's
-- defaults (docs/housekeeping.md; docs/areas.md). This adds:
--
--   cleaning_types                 turnover, deep clean, mid-stay, inspection (system rows, `code`
--                                  set, never deleted) and the company's own; default minutes by
--                                  bedroom count, default checklist, inspection required, colour.
--   turnover_rules                 one row: create a turnover for every confirmed check-out (on/off),
--                                  the window length when no stay follows, flag same-day turnovers.
--   property_cleaning_overrides    per villa and cleaning type: minutes, checklist, inspection.
--   property_housekeeping          per villa: the default housekeeper (auto-assign keeps its cleans
--                                  with her).
--   checklist_templates            a named checklist (for a cleaning type), archived instead of
--                                  deleted once a clean used it.
--   checklist_template_versions    immutable published content: sections (rooms) with ordered
--                                  items. Editing a template = inserting a new version; the
--                                  database numbers it and makes it the template's current one.
--                                  Cleans keep the version they were made from, so history is
--                                  never rewritten.
--
-- Version content (jsonb, checked by private.checklist_content_valid):
--   { "sections": [ { "id": text, "title": text,
--       "items": [ { "id": text, "label": text, "kind": "tick|yes_no|number|text|photo",
--                    "required": bool, "critical": bool, "min": number|null, "max": number|null,
--                    "unit": text, "hint": text } ] } ] }
-- Item ids are stable across versions of a template (the editor keeps them), so answers and work
-- orders of the field issue can name an item. `critical`: a failed answer blocks the villa.
--
-- Who may do what: every role that sees housekeeping (housekeeping.view) reads all of it (the field
-- app runs the checklists); settings.manage writes types, rules and overrides; checklists.manage
-- writes templates and publishes versions. Nobody edits or deletes a published version.

-- ---------------------------------------------------------------------------------------------
-- checklist templates (first: cleaning types point at them)
-- ---------------------------------------------------------------------------------------------

create table public.checklist_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  -- The version cleans are made from; null until the first version is published.
  current_version_id uuid,
  current_version integer not null default 0,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint checklist_templates_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint checklist_templates_description_length check (char_length(description) <= 2000)
);
comment on table public.checklist_templates is
  'Checklist templates; content lives in immutable checklist_template_versions. Archive once used.';

create table public.checklist_template_versions (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references public.checklist_templates (id) on delete cascade,
  -- Numbered by the database (1, 2, ...) whatever the client sends.
  version integer not null default 0,
  content jsonb not null,
  item_count integer not null default 0,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  constraint checklist_template_versions_number_key unique (template_id, version)
);
comment on table public.checklist_template_versions is
  'Published checklist content (sections and items), never edited: a change is a new version.';

alter table public.checklist_templates
  add constraint checklist_templates_current_version_fkey
  foreign key (current_version_id) references public.checklist_template_versions (id) on delete set null;

-- Is this a valid version content? (see the header for the shape)
create function private.checklist_content_problem(content jsonb)
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
grant execute on function private.checklist_content_problem(jsonb) to authenticated, service_role;

-- Numbers a new version, validates it, stamps it (author from the JWT for API callers).
create function private.checklist_version_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  problem text := private.checklist_content_problem(new.content);
begin
  if problem is not null then
    raise exception 'Invalid checklist: %', problem using errcode = '22023';
  end if;
  -- Serialises publishes of one template: numbers never collide.
  perform 1 from public.checklist_templates t where t.id = new.template_id for update;
  select coalesce(max(v.version), 0) + 1 into new.version
  from public.checklist_template_versions v where v.template_id = new.template_id;
  new.item_count := (
    select coalesce(sum(jsonb_array_length(s -> 'items')), 0)
    from jsonb_array_elements(new.content -> 'sections') s);
  new.created_at := now();
  -- (a definer function: current_user is the owner here, so the API caller is told by the JWT)
  if coalesce(auth.role(), '') in ('anon', 'authenticated') then
    new.created_by := auth.uid();
  end if;
  return new;
end;
$$;

create function private.checklist_version_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.checklist_templates
  set current_version_id = new.id, current_version = new.version
  where id = new.template_id;
  return null;
end;
$$;

create function private.checklist_version_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    raise exception 'A published checklist version cannot be changed: publish a new version'
      using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create trigger checklist_template_versions_a_before_insert before insert on public.checklist_template_versions
for each row execute function private.checklist_version_before_insert();
create trigger checklist_template_versions_after_insert after insert on public.checklist_template_versions
for each row execute function private.checklist_version_after_insert();
create trigger checklist_template_versions_immutable before update or delete on public.checklist_template_versions
for each row execute function private.checklist_version_immutable();
create trigger checklist_templates_stamp_authors before insert or update on public.checklist_templates
for each row execute function public.stamp_authors();

-- ---------------------------------------------------------------------------------------------
-- cleaning types
-- ---------------------------------------------------------------------------------------------

create table public.cleaning_types (
  id uuid primary key default gen_random_uuid(),
  -- turnover, deep_clean, mid_stay, inspection for the built-in four (the code names them); null
  -- for the company's own.
  code text,
  name text not null,
  -- Default minutes by bedroom count: element 1 = studio (0 bedrooms), 2 = one bedroom, ...; the
  -- last element applies to every larger villa.
  minutes_by_bedrooms integer[] not null default '{60,90,120,150,180}',
  default_template_id uuid references public.checklist_templates (id) on delete set null,
  inspection_required boolean not null default false,
  color text not null default '#2563eb',
  position integer not null default 0,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint cleaning_types_code_key unique (code),
  constraint cleaning_types_code_values check (code is null or code in ('turnover', 'deep_clean', 'mid_stay', 'inspection')),
  constraint cleaning_types_name_key unique (name),
  constraint cleaning_types_name_length check (char_length(btrim(name)) between 1 and 60),
  constraint cleaning_types_minutes check (
    cardinality(minutes_by_bedrooms) between 1 and 12
    and array_position(minutes_by_bedrooms, null) is null
    and 5 <= all (minutes_by_bedrooms) and 1440 >= all (minutes_by_bedrooms)
  ),
  constraint cleaning_types_color_format check (color ~ '^#[0-9a-fA-F]{6}$'),
  constraint cleaning_types_position_range check (position between 0 and 1000)
);
comment on table public.cleaning_types is
  'Kinds of clean: the built-in four (code set, never deleted) and the company''s own.';

create function private.cleaning_types_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.code is not null then
      raise exception 'The built-in cleaning type "%" cannot be deleted', old.name using errcode = '42501';
    end if;
    return old;
  end if;
  if current_user in ('anon', 'authenticated') and new.code is distinct from old.code then
    raise exception 'The code of a cleaning type cannot be changed' using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger cleaning_types_guard before update or delete on public.cleaning_types
for each row execute function private.cleaning_types_guard();
create trigger cleaning_types_stamp_authors before insert or update on public.cleaning_types
for each row execute function public.stamp_authors();

-- API callers never create built-in types.
create function private.cleaning_types_no_code_on_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.code := null;
  end if;
  return new;
end;
$$;
create trigger cleaning_types_no_code_on_insert before insert on public.cleaning_types
for each row execute function private.cleaning_types_no_code_on_insert();

insert into public.cleaning_types (code, name, minutes_by_bedrooms, inspection_required, color, position) values
  ('turnover', 'Turnover', '{75,105,135,165,195,225,255}', false, '#2563eb', 0),
  ('deep_clean', 'Deep clean', '{180,240,300,360,420,480}', true, '#7c3aed', 1),
  ('mid_stay', 'Mid-stay', '{45,60,75,90,105,120}', false, '#0d9488', 2),
  ('inspection', 'Inspection', '{20,30,40,50,60}', false, '#d97706', 3);

-- ---------------------------------------------------------------------------------------------
-- turnover rules (one row)
-- ---------------------------------------------------------------------------------------------

create table public.turnover_rules (
  id boolean primary key default true,
  -- Create a turnover clean for every confirmed check-out.
  enabled boolean not null default true,
  -- The window runs from check-out to the next confirmed check-in; with no stay after it, this long.
  fallback_window_hours integer not null default 24,
  -- Same-day turnovers (next guests arrive the day the last ones leave) are flagged on the board.
  flag_same_day boolean not null default true,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null,
  constraint turnover_rules_single_row check (id),
  constraint turnover_rules_fallback_range check (fallback_window_hours between 1 and 720)
);
comment on table public.turnover_rules is 'The company''s turnover rules (one row).';
insert into public.turnover_rules (id) values (true);

create function private.stamp_updated()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if current_user in ('anon', 'authenticated') then
    new.updated_by := auth.uid();
  elsif tg_op = 'UPDATE' and new.updated_by is not distinct from old.updated_by then
    new.updated_by := coalesce(auth.uid(), old.updated_by);
  end if;
  return new;
end;
$$;
create trigger turnover_rules_stamp before update on public.turnover_rules
for each row execute function private.stamp_updated();

-- ---------------------------------------------------------------------------------------------
-- per-property overrides
-- ---------------------------------------------------------------------------------------------

create table public.property_cleaning_overrides (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  cleaning_type_id uuid not null references public.cleaning_types (id) on delete cascade,
  -- null = the type's default.
  minutes integer,
  template_id uuid references public.checklist_templates (id) on delete set null,
  inspection_required boolean,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null,
  constraint property_cleaning_overrides_key unique (property_id, cleaning_type_id),
  constraint property_cleaning_overrides_minutes check (minutes is null or minutes between 5 and 1440)
);
comment on table public.property_cleaning_overrides is
  'A villa''s own minutes, checklist or inspection rule for one cleaning type (null = the default).';
create trigger property_cleaning_overrides_stamp before insert or update on public.property_cleaning_overrides
for each row execute function private.stamp_updated();

create table public.property_housekeeping (
  property_id uuid primary key references public.properties (id) on delete cascade,
  default_housekeeper_id uuid references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);
comment on table public.property_housekeeping is 'Per villa: the housekeeper who usually cleans it.';
create trigger property_housekeeping_stamp before insert or update on public.property_housekeeping
for each row execute function private.stamp_updated();

-- ---------------------------------------------------------------------------------------------
-- What a clean of a type at a villa uses (SQL and the app share it)
-- ---------------------------------------------------------------------------------------------

create function private.cleaning_defaults(p_property_id uuid, p_type_id uuid)
returns table (minutes integer, checklist_version_id uuid, inspection_required boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select
    coalesce(o.minutes, t.minutes_by_bedrooms[least(p.bedrooms + 1, cardinality(t.minutes_by_bedrooms))]),
    (select ct.current_version_id from public.checklist_templates ct
      where ct.id = coalesce(o.template_id, t.default_template_id)),
    coalesce(o.inspection_required, t.inspection_required)
  from public.cleaning_types t
  cross join public.properties p
  left join public.property_cleaning_overrides o
    on o.property_id = p.id and o.cleaning_type_id = t.id
  where t.id = p_type_id and p.id = p_property_id
$$;
-- Reached only from triggers and SQL (the private schema is not exposed by the API).
revoke all on function private.cleaning_defaults(uuid, uuid) from public, anon;
grant execute on function private.cleaning_defaults(uuid, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.checklist_templates enable row level security;
alter table public.checklist_template_versions enable row level security;
alter table public.cleaning_types enable row level security;
alter table public.turnover_rules enable row level security;
alter table public.property_cleaning_overrides enable row level security;
alter table public.property_housekeeping enable row level security;

revoke all on table public.checklist_templates, public.checklist_template_versions, public.cleaning_types,
  public.turnover_rules, public.property_cleaning_overrides, public.property_housekeeping
  from public, anon, authenticated;
grant all on table public.checklist_templates, public.checklist_template_versions, public.cleaning_types,
  public.turnover_rules, public.property_cleaning_overrides, public.property_housekeeping
  to service_role;

grant select, delete on table public.checklist_templates to authenticated;
grant insert (id, name, description, archived), update (id, name, description, archived)
  on table public.checklist_templates to authenticated;
grant select on table public.checklist_template_versions to authenticated;
grant insert (id, template_id, content) on table public.checklist_template_versions to authenticated;
grant select, delete on table public.cleaning_types to authenticated;
grant insert (id, name, minutes_by_bedrooms, default_template_id, inspection_required, color, position, archived),
  update (id, name, minutes_by_bedrooms, default_template_id, inspection_required, color, position, archived)
  on table public.cleaning_types to authenticated;
grant select on table public.turnover_rules to authenticated;
grant update (enabled, fallback_window_hours, flag_same_day) on table public.turnover_rules to authenticated;
grant select, delete on table public.property_cleaning_overrides to authenticated;
grant insert (id, property_id, cleaning_type_id, minutes, template_id, inspection_required),
  update (id, property_id, cleaning_type_id, minutes, template_id, inspection_required)
  on table public.property_cleaning_overrides to authenticated;
grant select, delete on table public.property_housekeeping to authenticated;
grant insert (property_id, default_housekeeper_id), update (property_id, default_housekeeper_id)
  on table public.property_housekeeping to authenticated;

create policy "checklist_templates: housekeeping staff read"
on public.checklist_templates for select to authenticated
using ((select public.has_permission('housekeeping.view')) or (select public.has_permission('checklists.manage')));
create policy "checklist_templates: checklists.manage inserts"
on public.checklist_templates for insert to authenticated
with check ((select public.has_permission('checklists.manage')));
create policy "checklist_templates: checklists.manage updates"
on public.checklist_templates for update to authenticated
using ((select public.has_permission('checklists.manage')))
with check ((select public.has_permission('checklists.manage')));
create policy "checklist_templates: checklists.manage deletes"
on public.checklist_templates for delete to authenticated
using ((select public.has_permission('checklists.manage')));

create policy "checklist_template_versions: housekeeping staff read"
on public.checklist_template_versions for select to authenticated
using ((select public.has_permission('housekeeping.view')) or (select public.has_permission('checklists.manage')));
create policy "checklist_template_versions: checklists.manage publishes"
on public.checklist_template_versions for insert to authenticated
with check ((select public.has_permission('checklists.manage')));

create policy "cleaning_types: housekeeping staff read"
on public.cleaning_types for select to authenticated
using ((select public.has_permission('housekeeping.view')) or (select public.has_permission('settings.manage')));
create policy "cleaning_types: settings.manage inserts"
on public.cleaning_types for insert to authenticated
with check ((select public.has_permission('settings.manage')));
create policy "cleaning_types: settings.manage updates"
on public.cleaning_types for update to authenticated
using ((select public.has_permission('settings.manage')))
with check ((select public.has_permission('settings.manage')));
create policy "cleaning_types: settings.manage deletes"
on public.cleaning_types for delete to authenticated
using ((select public.has_permission('settings.manage')));

create policy "turnover_rules: housekeeping staff read"
on public.turnover_rules for select to authenticated
using ((select public.has_permission('housekeeping.view')) or (select public.has_permission('settings.manage')));
create policy "turnover_rules: settings.manage updates"
on public.turnover_rules for update to authenticated
using ((select public.has_permission('settings.manage')))
with check ((select public.has_permission('settings.manage')));

create policy "property_cleaning_overrides: housekeeping staff read"
on public.property_cleaning_overrides for select to authenticated
using ((select public.has_permission('housekeeping.view')) or (select public.has_permission('settings.manage')));
create policy "property_cleaning_overrides: settings.manage inserts"
on public.property_cleaning_overrides for insert to authenticated
with check ((select public.has_permission('settings.manage')));
create policy "property_cleaning_overrides: settings.manage updates"
on public.property_cleaning_overrides for update to authenticated
using ((select public.has_permission('settings.manage')))
with check ((select public.has_permission('settings.manage')));
create policy "property_cleaning_overrides: settings.manage deletes"
on public.property_cleaning_overrides for delete to authenticated
using ((select public.has_permission('settings.manage')));

create policy "property_housekeeping: housekeeping staff read"
on public.property_housekeeping for select to authenticated
using ((select public.has_permission('housekeeping.view')) or (select public.has_permission('settings.manage')));
create policy "property_housekeeping: settings.manage inserts"
on public.property_housekeeping for insert to authenticated
with check ((select public.has_permission('settings.manage')));
create policy "property_housekeeping: settings.manage updates"
on public.property_housekeeping for update to authenticated
using ((select public.has_permission('settings.manage')))
with check ((select public.has_permission('settings.manage')));
create policy "property_housekeeping: settings.manage deletes"
on public.property_housekeeping for delete to authenticated
using ((select public.has_permission('settings.manage')));

revoke all on function private.checklist_version_before_insert() from public, anon, authenticated, service_role;
revoke all on function private.checklist_version_after_insert() from public, anon, authenticated, service_role;
revoke all on function private.checklist_version_immutable() from public, anon, authenticated, service_role;
revoke all on function private.cleaning_types_guard() from public, anon, authenticated, service_role;
revoke all on function private.cleaning_types_no_code_on_insert() from public, anon, authenticated, service_role;
revoke all on function private.stamp_updated() from public, anon, authenticated, service_role;
