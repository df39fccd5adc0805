-- Demo checklist runs (docs/housekeeping.md "Checklist runs"): Maria (housekeeper@arivia.local)
-- gets a day that does not depend on the demo stays or the hour the seed runs - cleans of the
-- Villa turnover checklist (seeds/30_housekeeping.sql: 7 rooms, 26 items of every kind, 3
-- required photos, 4 critical items) today and tomorrow, relative to now() as the other seeds:
--
--   c1ea...0101  Kallisti Cave House  today      in progress, the first rooms answered, 1 photo
--   c1ea...0102  Villa Anemos         today      scheduled, later in the day
--   c1ea...0103  Villa Caldera Blue   tomorrow   scheduled
--   c1ea...0104  Kallisti Cave House  yesterday  done: every item answered, 3 photos
--   c1ea...0105  Villa Caldera Blue   today      done, awaiting inspection (the villa is inspected):
--                                                every item answered, 3 photos
--
-- The photos are files under seeds/clean-photos/<task_id>/<photo_id>.jpg (a living room and a
-- bedroom drawn in the style of the work-order photos, and the villa's pool photo), uploaded to the
-- clean-photos bucket through config.toml's objects_path; bytes and sha256 below are theirs.
-- They are manager-planned cleans of the turnover type (no stay behind them), so the board, the
-- late count and guest-ready of the demo stays are unchanged.

do $$
declare
  v_maria uuid := 'a11ce000-0000-4000-8000-000000000003';
  v_manager uuid := 'a11ce000-0000-4000-8000-000000000002';
  v_version uuid := 'c1ec0000-0000-4000-8000-000000000101';
  v_today date := (now() at time zone public.company_time_zone())::date;
  v_tz text := public.company_time_zone();
begin
  perform set_config('request.jwt.claims', json_build_object('sub', v_manager, 'role', 'service_role')::text, true);
  insert into public.cleaning_tasks (
    id, property_id, cleaning_type_id, checklist_version_id, window_start, due_at, day, priority,
    notes, status, version, started_at, finished_at, next_check_in, guests_arriving, created_by, updated_by)
  select x.id::uuid, p.id, t.id, v_version, x.window_start, x.due_at, x.day, 'normal',
    x.notes, x.status::public.cleaning_task_status, x.version, x.started_at, x.finished_at,
    coalesce(private.next_check_in(p.id), x.due_at + interval '2 hours'), x.guests, v_manager, v_manager
  from (values
    ('c1ea0000-0000-4000-8000-000000000101', 'SAN-OIA-02', v_today,
      now() - interval '90 minutes', now() + interval '5 hours', 'in_progress', 2,
      now() - interval '70 minutes', null::timestamptz, 3::smallint,
      'Early check-in requested: cave bedroom first.'),
    ('c1ea0000-0000-4000-8000-000000000102', 'SAN-OIA-01', v_today,
      now() + interval '30 minutes', now() + interval '7 hours', 'scheduled', 1,
      null::timestamptz, null::timestamptz, 4::smallint, ''),
    ('c1ea0000-0000-4000-8000-000000000103', 'SAN-IME-01', v_today + 1,
      ((v_today + 1) + time '10:00') at time zone v_tz, ((v_today + 1) + time '16:00') at time zone v_tz,
      'scheduled', 1, null::timestamptz, null::timestamptz, 6::smallint, ''),
    ('c1ea0000-0000-4000-8000-000000000104', 'SAN-OIA-02', v_today - 1,
      ((v_today - 1) + time '10:00') at time zone v_tz, ((v_today - 1) + time '16:00') at time zone v_tz,
      'done', 3, ((v_today - 1) + time '10:20') at time zone v_tz,
      ((v_today - 1) + time '13:05') at time zone v_tz, 2::smallint, ''),
    ('c1ea0000-0000-4000-8000-000000000105', 'SAN-IME-01', v_today,
      now() - interval '5 hours', now() + interval '1 hour', 'done', 3,
      now() - interval '290 minutes', now() - interval '30 minutes', 6::smallint,
      'Owner''s friends arriving: extra care on the terrace.')
  ) as x (id, code, day, window_start, due_at, status, version, started_at, finished_at, guests, notes)
  join public.properties p on p.code = x.code
  cross join public.cleaning_types t
  where t.code = 'turnover';

  insert into public.cleaning_task_assignees (task_id, user_id, created_by)
  select x.id::uuid, v_maria, v_manager
  from (values
    ('c1ea0000-0000-4000-8000-000000000101'), ('c1ea0000-0000-4000-8000-000000000102'),
    ('c1ea0000-0000-4000-8000-000000000103'), ('c1ea0000-0000-4000-8000-000000000104'),
    ('c1ea0000-0000-4000-8000-000000000105')
  ) as x (id)
  where exists (select 1 from public.cleaning_tasks c where c.id = x.id::uuid)
  on conflict do nothing;

  -- Answers, as the phone gave them: a minute or two apart from the start, in checklist order.
  -- Done cleans: every item. The one under way: the entrance, living room and kitchen.
  insert into public.cleaning_task_answers (
    task_id, item_id, value, note, flagged, out_of_range, failed, answered_at, answered_by, updated_at)
  select c.id, ci.item_id,
    case ci.kind
      when 'tick' then 'true'::jsonb
      when 'yes_no' then 'true'::jsonb
      when 'number' then case ci.item_id
        when 'bath-towels' then '12'::jsonb
        when 'pool-ph' then '7.4'::jsonb
        when 'pool-chlorine' then '1.8'::jsonb
        else to_jsonb(coalesce(ci.min, 1)) end
      when 'text' then to_jsonb('Nothing broken or missing; guests left two bottles of water in the fridge.'::text)
      when 'photo' then 'true'::jsonb
    end,
    case when ci.item_id = 'pool-chlorine' and c.id = 'c1ea0000-0000-4000-8000-000000000105'::uuid
      then 'Shocked the pool yesterday evening, back in range.' else '' end,
    false, false, false,
    c.started_at + make_interval(mins => (row_number() over (partition by c.id order by ci.ord))::integer * 4),
    v_maria,
    c.started_at + make_interval(mins => (row_number() over (partition by c.id order by ci.ord))::integer * 4)
  from public.cleaning_tasks c
  cross join lateral private.checklist_items(c.checklist_version_id) ci
  where c.id in ('c1ea0000-0000-4000-8000-000000000104', 'c1ea0000-0000-4000-8000-000000000105')
    or (c.id = 'c1ea0000-0000-4000-8000-000000000101' and ci.section_id in ('entrance', 'kitchen'));

  insert into public.cleaning_task_photos (id, task_id, item_id, storage_path, bytes, sha256, created_at, created_by)
  select x.id::uuid, x.task_id::uuid, x.item_id, x.task_id || '/' || x.id || '.jpg', x.bytes, x.sha256,
    a.answered_at, v_maria
  from (values
    ('c1ee0000-0000-4000-8000-000000000111', 'c1ea0000-0000-4000-8000-000000000101', 'living-photo', 14565,
      '3cf81b370fffa070c0e7c4f0096003d51b91d6b9ac5842319d18e2a28964df98'),
    ('c1ee0000-0000-4000-8000-000000000141', 'c1ea0000-0000-4000-8000-000000000104', 'living-photo', 14565,
      '3cf81b370fffa070c0e7c4f0096003d51b91d6b9ac5842319d18e2a28964df98'),
    ('c1ee0000-0000-4000-8000-000000000142', 'c1ea0000-0000-4000-8000-000000000104', 'bed-photo', 12154,
      '197d86238aac4eb1782ea5bee49e0a375a3911a7345a1c62577b87815a257c66'),
    ('c1ee0000-0000-4000-8000-000000000143', 'c1ea0000-0000-4000-8000-000000000104', 'pool-photo', 33794,
      '96dec6020dae55f4954fac43229a2b5efea1809a1c0f317462248c1b7010320a'),
    ('c1ee0000-0000-4000-8000-000000000151', 'c1ea0000-0000-4000-8000-000000000105', 'living-photo', 14565,
      '3cf81b370fffa070c0e7c4f0096003d51b91d6b9ac5842319d18e2a28964df98'),
    ('c1ee0000-0000-4000-8000-000000000152', 'c1ea0000-0000-4000-8000-000000000105', 'bed-photo', 12154,
      '197d86238aac4eb1782ea5bee49e0a375a3911a7345a1c62577b87815a257c66'),
    ('c1ee0000-0000-4000-8000-000000000153', 'c1ea0000-0000-4000-8000-000000000105', 'pool-photo', 33794,
      '96dec6020dae55f4954fac43229a2b5efea1809a1c0f317462248c1b7010320a')
  ) as x (id, task_id, item_id, bytes, sha256)
  join public.cleaning_task_answers a on a.task_id = x.task_id::uuid and a.item_id = x.item_id;

  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- Every other clean the demo shows as done or inspected (the turnovers of the demo stays,
-- seeds/30_housekeeping.sql) has its checklist as the phone recorded it: every item answered
-- between its start and its finish, and its photos. The photos' files are links to the three
-- images above (seeds/clean-photos/c1ea...0104/history-<k>-<n>.jpg, n the clean's n-th photo
-- item), enough for the 24 latest; cleans before those were recorded on paper, before the
-- checklists moved onto the phones, and keep no checklist (no "Done, 0 of 26").
do $$
declare
  v_manager uuid := 'a11ce000-0000-4000-8000-000000000002';
  v_files text := 'c1ea0000-0000-4000-8000-000000000104';
  v_kept integer := 24;
begin
  perform set_config('request.jwt.claims', json_build_object('sub', v_manager, 'role', 'service_role')::text, true);
  create temporary table seed_done on commit drop as
  select c.id, c.started_at, c.finished_at,
    coalesce((select a.user_id from public.cleaning_task_assignees a where a.task_id = c.id
      order by a.created_at, a.user_id limit 1), v_manager) as who,
    row_number() over (order by c.day desc, c.finished_at desc, c.id) as k
  from public.cleaning_tasks c
  where c.status in ('done', 'inspected') and c.checklist_version_id is not null
    and not exists (select 1 from public.cleaning_task_answers a where a.task_id = c.id);

  update public.cleaning_tasks c set checklist_version_id = null
  from seed_done d where d.id = c.id and d.k > v_kept;
  delete from seed_done where k > v_kept;

  insert into public.cleaning_task_answers (
    task_id, item_id, value, note, flagged, out_of_range, failed, answered_at, answered_by, updated_at)
  select d.id, ci.item_id,
    case ci.kind
      when 'number' then case ci.item_id
        when 'bath-towels' then '12'::jsonb
        when 'pool-ph' then '7.4'::jsonb
        when 'pool-chlorine' then '1.8'::jsonb
        else to_jsonb(coalesce(ci.min, ci.max, 1)) end
      when 'text' then to_jsonb('All in order.'::text)
      else 'true'::jsonb
    end,
    '', false, false, false, x.at, d.who, x.at
  from seed_done d
  join public.cleaning_tasks c on c.id = d.id
  cross join lateral (
    select i.*, row_number() over (order by i.ord) as n, count(*) over () as total
    from private.checklist_items(c.checklist_version_id) i
  ) ci
  cross join lateral (
    select d.started_at + (d.finished_at - d.started_at) * (ci.n::numeric / (ci.total + 1)) as at
  ) x;

  insert into public.cleaning_task_photos (id, task_id, item_id, storage_path, bytes, sha256, created_at, created_by)
  select gen_random_uuid(), p.task_id, p.item_id,
    v_files || '/history-' || lpad(p.k::text, 2, '0') || '-' || f.n || '.jpg',
    f.bytes, f.sha256, p.answered_at, p.answered_by
  from (
    select a.task_id, a.item_id, a.answered_at, a.answered_by, d.k,
      least(3, row_number() over (partition by a.task_id order by ci.ord)) as n
    from seed_done d
    join public.cleaning_tasks c on c.id = d.id
    join private.checklist_items(c.checklist_version_id) ci on ci.kind = 'photo'
    join public.cleaning_task_answers a on a.task_id = d.id and a.item_id = ci.item_id
  ) p
  join (values
    (1, 14565, '3cf81b370fffa070c0e7c4f0096003d51b91d6b9ac5842319d18e2a28964df98'),
    (2, 12154, '197d86238aac4eb1782ea5bee49e0a375a3911a7345a1c62577b87815a257c66'),
    (3, 33794, '96dec6020dae55f4954fac43229a2b5efea1809a1c0f317462248c1b7010320a')
  ) as f (n, bytes, sha256) on f.n = p.n;

  perform set_config('request.jwt.claims', '', true);
end;
$$;
