-- Why: a housekeeper runs a clean's checklist on her phone, offline first (issue 16,
-- docs/housekeeping.md "Checklist runs"). Every tick, answer and photo is a queued write that may
-- arrive twice, late, or after a newer one from another device; the database keeps one answer per
-- item, the newest, and the manager's board sees the progress live. This adds:
--
--   cleaning_task_answers          one answer per (clean, checklist item): value (by the item's
--                                  kind), note, flagged, out of range, failed, when it was given
--                                  on the device and by whom. Written only by
--                                  answer_checklist_item().
--   cleaning_task_photos           photos taken for an item (id made on the phone; the file is in
--                                  the clean-photos bucket at <task_id>/<photo_id>.<ext>, with its
--                                  size and SHA-256 as the phone computed them). Written only by
--                                  record_checklist_photo() / remove_checklist_photo().
--   cleaning_tasks.items_total, items_done, photos_count
--                                  progress for the board, kept by triggers. They change neither
--                                  `version` (status conflicts) nor `updated_at` / `updated_by`
--                                  (field edits' conflicts): a progress-only update keeps them.
--   cleaning_tasks.inspection_note why an inspector sent the clean back (set by
--                                  transition_cleaning_task, 20261125100200), '' otherwise.
--   answer_checklist_item()        idempotent upsert of one answer: a replay changes nothing, an
--                                  older answer (answered_at) never overwrites a newer one.
--   record_checklist_photo(), remove_checklist_photo()   idempotent on the photo id.
--
-- An item is "done" when: tick = true; yes_no answered (true or false); number given; text not
-- blank; photo: at least one photo recorded. `failed` = flagged, or yes_no answered false, or a
-- number outside the item's min..max.
--
-- Who and when (both functions): the caller must see the clean (housekeeping.view and
-- properties.view, else PT404, as transition_cleaning_task); the clean's assignee with
-- housekeeping.complete, or housekeeping.manage (else 42501); the clean must be in_progress for a
-- change (else 22023) - so nobody changes the answers of a done, inspected or cancelled clean. A
-- replay that changes nothing is answered with the current row whatever the status.

-- ---------------------------------------------------------------------------------------------
-- Columns on cleaning_tasks
-- ---------------------------------------------------------------------------------------------

alter table public.cleaning_tasks
  add column items_total integer not null default 0,
  add column items_done integer not null default 0,
  add column photos_count integer not null default 0,
  add column inspection_note text not null default '',
  add constraint cleaning_tasks_inspection_note_length check (char_length(inspection_note) <= 1000);
comment on column public.cleaning_tasks.items_total is
  'Items in the clean''s checklist version (kept by the database).';
comment on column public.cleaning_tasks.items_done is
  'Checklist items done (tick ticked, yes/no or number or text answered, photo item with a photo); kept by triggers, never bumps version or updated_at.';
comment on column public.cleaning_tasks.photos_count is
  'Photos recorded for the clean (kept by triggers, never bumps version or updated_at).';
comment on column public.cleaning_tasks.inspection_note is
  'Why the inspector sent the clean back (done -> in_progress); cleared when it is inspected.';

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.cleaning_task_answers (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.cleaning_tasks (id) on delete cascade,
  item_id text not null,
  value jsonb,
  note text not null default '',
  flagged boolean not null default false,
  out_of_range boolean not null default false,
  failed boolean not null default false,
  answered_at timestamptz not null,
  answered_by uuid references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint cleaning_task_answers_key unique (task_id, item_id),
  constraint cleaning_task_answers_item_length check (char_length(item_id) between 1 and 64),
  constraint cleaning_task_answers_note_length check (char_length(note) <= 2000)
);
comment on table public.cleaning_task_answers is
  'One answer per clean and checklist item, the newest given (answered_at); written only by answer_checklist_item().';
comment on column public.cleaning_task_answers.value is
  'tick / yes_no: true|false; number: a number; text: a string; photo: null or true; null: no value.';
comment on column public.cleaning_task_answers.failed is
  'flagged, or a yes/no answered false, or a number out of the item''s range.';

create table public.cleaning_task_photos (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.cleaning_tasks (id) on delete cascade,
  item_id text not null,
  storage_path text not null,
  bytes integer not null,
  sha256 text not null,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  constraint cleaning_task_photos_path unique (storage_path),
  constraint cleaning_task_photos_item_length check (char_length(item_id) between 1 and 64),
  constraint cleaning_task_photos_bytes check (bytes between 1 and 5242880),
  constraint cleaning_task_photos_sha256 check (sha256 ~ '^[0-9a-f]{64}$')
);
create index cleaning_task_photos_item_idx on public.cleaning_task_photos (task_id, item_id);
comment on table public.cleaning_task_photos is
  'Photos of a clean''s checklist items (bucket clean-photos, <task_id>/<photo_id>.<ext>); written only by record_checklist_photo() / remove_checklist_photo().';

-- ---------------------------------------------------------------------------------------------
-- Checklist items and progress
-- ---------------------------------------------------------------------------------------------

-- The items of a checklist version, in order, with their section (room).
create function private.checklist_items(version_id uuid)
returns table (
  item_id text, section_id text, section_title text, label text, kind text,
  required boolean, critical boolean, min numeric, max numeric, ord bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    i.item ->> 'id',
    s.section ->> 'id',
    s.section ->> 'title',
    i.item ->> 'label',
    i.item ->> 'kind',
    coalesce(i.item -> 'required' = 'true'::jsonb, false),
    coalesce(i.item -> 'critical' = 'true'::jsonb, false),
    case when jsonb_typeof(i.item -> 'min') = 'number' then (i.item ->> 'min')::numeric end,
    case when jsonb_typeof(i.item -> 'max') = 'number' then (i.item ->> 'max')::numeric end,
    s.sn * 1000 + i.n
  from public.checklist_template_versions v
  cross join lateral jsonb_array_elements(v.content -> 'sections') with ordinality as s (section, sn)
  cross join lateral jsonb_array_elements(s.section -> 'items') with ordinality as i (item, n)
  where v.id = checklist_items.version_id
$$;

-- Each item of a clean's checklist (the version given, so a BEFORE trigger can ask about a new
-- one) and whether it is done.
create function private.checklist_run_items(task_id uuid, version_id uuid)
returns table (item_id text, section_title text, label text, kind text, required boolean, done boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select ci.item_id, ci.section_title, ci.label, ci.kind, ci.required,
    coalesce(case ci.kind
      when 'tick' then a.value = 'true'::jsonb
      when 'yes_no' then jsonb_typeof(a.value) = 'boolean'
      when 'number' then jsonb_typeof(a.value) = 'number'
      when 'text' then jsonb_typeof(a.value) = 'string' and btrim(a.value #>> '{}') <> ''
      when 'photo' then exists (
        select 1 from public.cleaning_task_photos ph
        where ph.task_id = checklist_run_items.task_id and ph.item_id = ci.item_id)
    end, false)
  from private.checklist_items(checklist_run_items.version_id) ci
  left join public.cleaning_task_answers a
    on a.task_id = checklist_run_items.task_id and a.item_id = ci.item_id
  order by ci.ord
$$;

-- Required items not done yet, in checklist order (finishing names them).
create function private.checklist_missing_items(task_id uuid)
returns table (item_id text, section_title text, label text)
language sql
stable
security definer
set search_path = ''
as $$
  select r.item_id, r.section_title, r.label
  from public.cleaning_tasks t
  cross join lateral private.checklist_run_items(t.id, t.checklist_version_id) r
  where t.id = checklist_missing_items.task_id and r.required and not r.done
$$;

-- BEFORE INSERT OR UPDATE on cleaning_tasks (named to run after the defaults and the author
-- stamps): counts the items when the clean is made or its checklist version changes, and keeps
-- updated_at / updated_by as they were when only the progress columns changed, so a field edit
-- made from updated_at (src/offline/write.ts updateRow) is not a conflict because of a tick.
create function private.cleaning_tasks_progress()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.checklist_version_id is distinct from old.checklist_version_id then
    select count(*)::integer, (count(*) filter (where r.done))::integer
    into new.items_total, new.items_done
    from private.checklist_run_items(new.id, new.checklist_version_id) r;
    new.photos_count := (select count(*)::integer from public.cleaning_task_photos ph where ph.task_id = new.id);
  end if;
  if tg_op = 'UPDATE'
    and (to_jsonb(new) - array['items_total', 'items_done', 'photos_count', 'updated_at', 'updated_by'])
      = (to_jsonb(old) - array['items_total', 'items_done', 'photos_count', 'updated_at', 'updated_by'])
  then
    new.updated_at := old.updated_at;
    new.updated_by := old.updated_by;
  end if;
  return new;
end;
$$;
create trigger cleaning_tasks_c_progress before insert or update on public.cleaning_tasks
for each row execute function private.cleaning_tasks_progress();

-- AFTER a change to answers or photos: the clean's items_done and photos_count. Runs without the
-- request's X-Mutation-Id (cleaning_tasks' _apply_once trigger would otherwise record, or skip,
-- this update as if the client had sent it).
create function private.cleaning_task_progress_refresh()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tid uuid := case when tg_op = 'DELETE' then old.task_id else new.task_id end;
  done_count integer;
  photo_count integer;
  saved text;
begin
  select (count(*) filter (where r.done))::integer into done_count
  from public.cleaning_tasks t
  cross join lateral private.checklist_run_items(t.id, t.checklist_version_id) r
  where t.id = tid;
  select count(*)::integer into photo_count from public.cleaning_task_photos ph where ph.task_id = tid;
  saved := private.suspend_mutation_id();
  update public.cleaning_tasks t
  set items_done = done_count, photos_count = photo_count
  where t.id = tid and (t.items_done, t.photos_count) is distinct from (done_count, photo_count);
  perform private.resume_mutation_id(saved);
  return null;
end;
$$;
create trigger cleaning_task_answers_progress after insert or update or delete on public.cleaning_task_answers
for each row execute function private.cleaning_task_progress_refresh();
create trigger cleaning_task_photos_progress after insert or update or delete on public.cleaning_task_photos
for each row execute function private.cleaning_task_progress_refresh();

-- Existing cleans: count their items (the progress trigger keeps their updated_at).
update public.cleaning_tasks t
set items_total = coalesce(v.item_count, 0)
from public.checklist_template_versions v
where v.id = t.checklist_version_id and t.items_total is distinct from coalesce(v.item_count, 0);

-- ---------------------------------------------------------------------------------------------
-- Who may write a clean's run
-- ---------------------------------------------------------------------------------------------

-- Locks the clean and checks the API caller may see it (PT404 otherwise, as
-- transition_cleaning_task does). The service role and the database itself pass.
create function private.clean_for_run(task_id uuid)
returns public.cleaning_tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  t public.cleaning_tasks;
begin
  select * into t from public.cleaning_tasks c where c.id = clean_for_run.task_id for update;
  if not found or (api and not (public.has_permission('housekeeping.view') and public.has_permission('properties.view'))) then
    raise exception 'Cleaning task not found' using errcode = 'PT404';
  end if;
  return t;
end;
$$;

-- May the API caller write this clean's run: its assignee with housekeeping.complete, or
-- housekeeping.manage? (42501 otherwise.) Not an API caller: yes.
create function private.check_run_writer(t public.cleaning_tasks)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not (
    public.has_permission('housekeeping.manage')
    or (
      public.has_permission('housekeeping.complete')
      and exists (
        select 1 from public.cleaning_task_assignees a where a.task_id = t.id and a.user_id = auth.uid())
    )
  ) then
    raise exception 'Only the housekeeper assigned to this clean, or a manager, may record its checklist'
      using errcode = '42501';
  end if;
end;
$$;

-- Changes need the clean in progress (22023): a done clean is reopened by sending it back.
create function private.check_run_open(t public.cleaning_tasks)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if t.status <> 'in_progress' then
    raise exception 'This clean is %: its checklist can be changed only while it is in progress', t.status
      using errcode = '22023',
        detail = json_build_object('status', t.status, 'version', t.version)::text,
        hint = case when t.status = 'scheduled' then 'Start the clean first.'
          when t.status = 'done' then 'A manager may send the clean back to reopen it.'
          else 'This clean''s checklist is closed.' end;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- answer_checklist_item
-- ---------------------------------------------------------------------------------------------

create function public.answer_checklist_item(
  task_id uuid,
  item_id text,
  value jsonb,
  note text default '',
  flagged boolean default false,
  answered_at timestamptz default now()
)
returns public.cleaning_task_answers
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  uid uuid := auth.uid();
  mid uuid := private.request_mutation_id();
  t public.cleaning_tasks;
  it record;
  cur public.cleaning_task_answers;
  v jsonb := answer_checklist_item.value;
  n text := coalesce(answer_checklist_item.note, '');
  f boolean := coalesce(answer_checklist_item.flagged, false);
  at_ timestamptz := coalesce(answer_checklist_item.answered_at, now());
  oor boolean := false;
  num numeric;
begin
  -- JSON null and SQL null are the same "no value".
  if v = 'null'::jsonb then
    v := null;
  end if;
  t := private.clean_for_run(answer_checklist_item.task_id);
  select * into cur from public.cleaning_task_answers a
  where a.task_id = t.id and a.item_id = answer_checklist_item.item_id;

  -- A replay of the caller's own answer: nothing to do, whatever has happened since.
  if found and cur.answered_by is not distinct from uid and cur.answered_at = at_
    and cur.value is not distinct from v and cur.note = n and cur.flagged = f
  then
    return cur;
  end if;

  perform private.check_run_writer(t);
  if mid is not null then
    perform private.claim_mutation(mid, 'cleaning_task_answers', t.id::text || '/' || answer_checklist_item.item_id, 'RPC');
  end if;

  if t.checklist_version_id is null then
    raise exception 'This clean has no checklist' using errcode = '22023';
  end if;
  select * into it from private.checklist_items(t.checklist_version_id) ci
  where ci.item_id = answer_checklist_item.item_id;
  if not found then
    raise exception 'Item "%" is not in this clean''s checklist', answer_checklist_item.item_id
      using errcode = '22023';
  end if;
  if char_length(n) > 2000 then
    raise exception 'A note is at most 2000 characters' using errcode = '22023';
  end if;
  if v is not null then
    if it.kind in ('tick', 'yes_no') and jsonb_typeof(v) <> 'boolean'
      or it.kind = 'number' and jsonb_typeof(v) <> 'number'
      or it.kind = 'text' and jsonb_typeof(v) <> 'string'
      or it.kind = 'photo' and v <> 'true'::jsonb
    then
      raise exception 'Item "%" (%) does not take the value %', it.label, it.kind, v::text
        using errcode = '22023',
          hint = 'tick and yes_no: true or false; number: a number; text: a string; photo: true or null.';
    end if;
    if it.kind = 'text' and char_length(v #>> '{}') > 2000 then
      raise exception 'A text answer is at most 2000 characters' using errcode = '22023';
    end if;
    if it.kind = 'number' then
      num := (v #>> '{}')::numeric;
      oor := (it.min is not null and num < it.min) or (it.max is not null and num > it.max);
    end if;
  end if;

  if cur.id is not null and (
    -- Same answer again (another device, a later replay): keep the row as it is.
    (cur.value is not distinct from v and cur.note = n and cur.flagged = f)
    -- An older answer never overwrites a newer one (ties: the first one stays).
    or cur.answered_at >= at_
  ) then
    return cur;
  end if;

  perform private.check_run_open(t);
  if cur.id is null then
    insert into public.cleaning_task_answers as a (
      task_id, item_id, value, note, flagged, out_of_range, failed, answered_at, answered_by, updated_at)
    values (
      t.id, answer_checklist_item.item_id, v, n, f, oor,
      f or oor or (it.kind = 'yes_no' and v = 'false'::jsonb), at_, uid, now())
    returning * into cur;
  else
    update public.cleaning_task_answers a
    set value = v, note = n, flagged = f, out_of_range = oor,
        failed = f or oor or (it.kind = 'yes_no' and v = 'false'::jsonb),
        answered_at = at_, answered_by = coalesce(uid, a.answered_by), updated_at = now()
    where a.id = cur.id
    returning * into cur;
  end if;
  return cur;
end;
$$;
comment on function public.answer_checklist_item(uuid, text, jsonb, text, boolean, timestamptz) is
  'Records one checklist answer (idempotent: a replay changes nothing; an older answered_at never overwrites a newer). Assignee with housekeeping.complete or housekeeping.manage (42501), clean in progress (22023), item of the clean''s checklist and value of its kind (22023).';

-- ---------------------------------------------------------------------------------------------
-- Photos
-- ---------------------------------------------------------------------------------------------

create function public.record_checklist_photo(
  photo_id uuid,
  task_id uuid,
  item_id text,
  storage_path text,
  bytes integer,
  sha256 text
)
returns public.cleaning_task_photos
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  uid uuid := auth.uid();
  t public.cleaning_tasks;
  cur public.cleaning_task_photos;
  hash text := lower(btrim(coalesce(record_checklist_photo.sha256, '')));
begin
  t := private.clean_for_run(record_checklist_photo.task_id);
  select * into cur from public.cleaning_task_photos p where p.id = record_checklist_photo.photo_id;
  if found then
    if cur.task_id = t.id and cur.item_id = record_checklist_photo.item_id
      and cur.storage_path = record_checklist_photo.storage_path
    then
      -- A replay: the photo is recorded already.
      if cur.created_by is distinct from uid then
        perform private.check_run_writer(t);
      end if;
      return cur;
    end if;
    raise exception 'Photo % is already recorded for another item or file', record_checklist_photo.photo_id
      using errcode = '22023';
  end if;
  perform private.check_run_writer(t);
  if not exists (
    select 1 from private.checklist_items(t.checklist_version_id) ci
    where ci.item_id = record_checklist_photo.item_id)
  then
    raise exception 'Item "%" is not in this clean''s checklist', record_checklist_photo.item_id
      using errcode = '22023';
  end if;
  if record_checklist_photo.storage_path is null or record_checklist_photo.storage_path not in (
    t.id::text || '/' || record_checklist_photo.photo_id::text || '.jpg',
    t.id::text || '/' || record_checklist_photo.photo_id::text || '.jpeg',
    t.id::text || '/' || record_checklist_photo.photo_id::text || '.png',
    t.id::text || '/' || record_checklist_photo.photo_id::text || '.webp')
  then
    raise exception 'A clean''s photo is stored at <task_id>/<photo_id>.jpg (or .jpeg, .png, .webp)'
      using errcode = '22023';
  end if;
  if hash !~ '^[0-9a-f]{64}$' then
    raise exception 'sha256 must be the file''s SHA-256 in hex (64 characters)' using errcode = '22023';
  end if;
  if record_checklist_photo.bytes is null or record_checklist_photo.bytes not between 1 and 5242880 then
    raise exception 'A photo is 1 byte to 5 MiB' using errcode = '22023';
  end if;
  perform private.check_run_open(t);
  insert into public.cleaning_task_photos as p (id, task_id, item_id, storage_path, bytes, sha256, created_at, created_by)
  values (record_checklist_photo.photo_id, t.id, record_checklist_photo.item_id,
    record_checklist_photo.storage_path, record_checklist_photo.bytes, hash, now(), uid)
  returning * into cur;
  return cur;
end;
$$;
comment on function public.record_checklist_photo(uuid, uuid, text, text, integer, text) is
  'Records a checklist photo already uploaded to clean-photos at <task_id>/<photo_id>.<ext> (idempotent on photo_id). Same who / when as answer_checklist_item.';

-- Removes a photo's row (the file is removed through Storage afterwards: the bucket lets the
-- writers delete a file no row names). True when it was removed now, false when it was gone.
create function public.remove_checklist_photo(photo_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  p public.cleaning_task_photos;
  t public.cleaning_tasks;
begin
  select * into p from public.cleaning_task_photos ph where ph.id = remove_checklist_photo.photo_id;
  if not found then
    if coalesce(auth.role(), '') in ('anon', 'authenticated') and not (
      public.has_permission('housekeeping.complete') or public.has_permission('housekeeping.manage'))
    then
      raise exception 'Removing a checklist photo needs housekeeping.complete or housekeeping.manage'
        using errcode = '42501';
    end if;
    return false;
  end if;
  t := private.clean_for_run(p.task_id);
  perform private.check_run_writer(t);
  perform private.check_run_open(t);
  delete from public.cleaning_task_photos ph where ph.id = p.id;
  return true;
end;
$$;
comment on function public.remove_checklist_photo(uuid) is
  'Removes a checklist photo''s row while the clean is in progress (idempotent: false when already gone).';

-- ---------------------------------------------------------------------------------------------
-- RLS, grants, realtime
-- ---------------------------------------------------------------------------------------------

alter table public.cleaning_task_answers enable row level security;
alter table public.cleaning_task_photos enable row level security;

revoke all on table public.cleaning_task_answers, public.cleaning_task_photos from public, anon, authenticated;
grant all on table public.cleaning_task_answers, public.cleaning_task_photos to service_role;
grant select on table public.cleaning_task_answers, public.cleaning_task_photos to authenticated;

-- cleaning_tasks' own policy asks housekeeping.view and the villa's visibility.
create policy "cleaning_task_answers: read with the clean"
on public.cleaning_task_answers for select to authenticated
using (
  (select public.has_permission('housekeeping.view'))
  and exists (select 1 from public.cleaning_tasks t where t.id = cleaning_task_answers.task_id)
);
create policy "cleaning_task_photos: read with the clean"
on public.cleaning_task_photos for select to authenticated
using (
  (select public.has_permission('housekeeping.view'))
  and exists (select 1 from public.cleaning_tasks t where t.id = cleaning_task_photos.task_id)
);

alter publication supabase_realtime add table public.cleaning_task_answers, public.cleaning_task_photos;

revoke all on function private.checklist_items(uuid) from public, anon, authenticated;
revoke all on function private.checklist_run_items(uuid, uuid) from public, anon, authenticated;
revoke all on function private.checklist_missing_items(uuid) from public, anon, authenticated;
revoke all on function private.cleaning_tasks_progress() from public, anon, authenticated, service_role;
revoke all on function private.cleaning_task_progress_refresh() from public, anon, authenticated, service_role;
revoke all on function private.clean_for_run(uuid) from public, anon, authenticated;
revoke all on function private.check_run_writer(public.cleaning_tasks) from public, anon, authenticated;
revoke all on function private.check_run_open(public.cleaning_tasks) from public, anon, authenticated;
grant execute on function private.checklist_items(uuid) to service_role;
grant execute on function private.checklist_run_items(uuid, uuid) to service_role;
grant execute on function private.checklist_missing_items(uuid) to service_role;

revoke all on function public.answer_checklist_item(uuid, text, jsonb, text, boolean, timestamptz) from public, anon;
grant execute on function public.answer_checklist_item(uuid, text, jsonb, text, boolean, timestamptz)
  to authenticated, service_role;
revoke all on function public.record_checklist_photo(uuid, uuid, text, text, integer, text) from public, anon;
grant execute on function public.record_checklist_photo(uuid, uuid, text, text, integer, text)
  to authenticated, service_role;
revoke all on function public.remove_checklist_photo(uuid) from public, anon;
grant execute on function public.remove_checklist_photo(uuid) to authenticated, service_role;
