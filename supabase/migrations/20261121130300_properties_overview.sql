-- Why: the properties list (and the dashboard's "not ready" card) needs, per villa and in one
-- request: the record, its cover photo, next check-in, next check-out, whether guests are in it
-- now, and whether it is guest-ready and why not (PRODUCT.md core idea 3: "everyone sees why
-- not"). It must filter and sort on all of these at 2,000 villas x 50,000 reservations.
--
--   public.property_overview     the list's view: every properties column plus cover_photo_path,
--                                next_check_in, next_check_out, occupied, guest_ready,
--                                not_ready_reasons. security_invoker, so the caller's RLS on
--                                properties decides which villas appear.
--   public.property_readiness()  {ready, reasons} of one villa, for the detail page and other SQL.
--
-- Field staff have no reservations.view (guest names stay with the office), yet their list must
-- show when the next guests arrive and whether a villa is ready, and guest-ready must be the same
-- fact for everyone. So the derived parts read through two views in a `private` schema that run
-- with their owner's rights (RLS of reservations and import conflicts does not apply to them) and
-- expose no guest data: stay times of confirmed reservations, and the readiness reasons. They are
-- reached only through property_overview, whose rows the caller's RLS on properties has already
-- chosen (properties.view), and they are only ever asked about those rows. The `private` schema
-- must never be added to the API's exposed schemas (config.toml [api] schemas); anon has no grant
-- on it. (A has_permission() gate inside each view cost one more evaluation per view reference -
-- four per list request - and guarded nothing the API can reach.)
--
-- Guest-ready, for now: not archived, active, and no open import conflict (a feed event that could
-- not be applied because it overlaps a confirmed stay - overlapping confirmed stays themselves
-- cannot exist, see reservations_no_overlap). Reason codes: 'archived', 'inactive',
-- 'reservation_conflict'. Later areas add theirs ('turnover_pending', 'work_order_blocking') by
-- replacing private.property_readiness with the same columns.
--
-- Cost: next check-in / check-out are min() over (property_id, check_in|check_out) partial indexes,
-- i.e. one index probe each; readiness is a primary-key probe. All are scalar subqueries in the
-- select list, evaluated only for the rows returned (after ORDER BY / LIMIT) unless the request
-- sorts or filters on them; a count (count=exact) evaluates none of them. "Archived villas are
-- hidden from default lists" is the list's filter: archived=is.false.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create view private.property_stay_times as
select r.property_id, r.check_in, r.check_out
from public.reservations r
where r.status = 'confirmed';
comment on view private.property_stay_times is
  'Check-in / check-out of confirmed stays, no guest data, owner rights: only for property_overview.';

create view private.property_readiness as
select
  p.id as property_id,
  array_remove(array[
    case when p.archived then 'archived' end,
    case when p.status = 'inactive' then 'inactive' end,
    case
      when exists (select 1 from public.reservation_import_conflicts c where c.property_id = p.id)
      then 'reservation_conflict'
    end
  ]::text[], null) as reasons
from public.properties p;
comment on view private.property_readiness is
  'Why each property is not guest-ready (empty array = ready), owner rights: only for property_overview. Later areas replace it to add reasons.';

revoke all on private.property_stay_times, private.property_readiness from public, anon, authenticated;
grant select on private.property_stay_times, private.property_readiness to authenticated, service_role;

create view public.property_overview with (security_invoker = true) as
select
  p.id,
  p.code,
  p.name,
  p.type,
  p.status,
  p.address,
  p.area,
  p.latitude,
  p.longitude,
  p.bedrooms,
  p.bathrooms,
  p.max_guests,
  p.owner_name,
  p.owner_phone,
  p.owner_email,
  p.notes,
  p.archived,
  p.archived_at,
  p.created_at,
  p.updated_at,
  p.created_by,
  p.updated_by,
  (
    select ph.storage_path
    from public.property_photos ph
    where ph.property_id = p.id
    order by ph.is_cover desc, ph.position, ph.created_at
    limit 1
  ) as cover_photo_path,
  (
    select min(s.check_in)
    from private.property_stay_times s
    where s.property_id = p.id and s.check_in >= now()
  ) as next_check_in,
  (
    select min(s.check_out)
    from private.property_stay_times s
    where s.property_id = p.id and s.check_out >= now()
  ) as next_check_out,
  -- Stays never overlap, so the first stay still to end is the current one if guests are in.
  -- (Written as a scalar subquery, not exists(), so it stays one index probe per row.)
  coalesce((
    select s.check_in <= now()
    from private.property_stay_times s
    where s.property_id = p.id and s.check_out > now()
    order by s.check_out
    limit 1
  ), false) as occupied,
  -- Scalar subqueries, not a join: evaluated only for the rows a page returns (a join made the
  -- planner compute readiness for every villa on searches).
  coalesce((
    select rd.reasons from private.property_readiness rd where rd.property_id = p.id
  ), '{}'::text[]) as not_ready_reasons,
  coalesce((
    select cardinality(rd.reasons) = 0 from private.property_readiness rd where rd.property_id = p.id
  ), false) as guest_ready
from public.properties p;
comment on view public.property_overview is
  'The properties list: each villa with cover photo, next check-in / check-out, occupied now, guest-ready and why not.';

revoke all on public.property_overview from public, anon, authenticated;
grant select on public.property_overview to authenticated, service_role;

create function public.property_readiness(property_id uuid)
returns table (ready boolean, reasons text[])
language sql
stable
security invoker
set search_path = ''
as $$
  select o.guest_ready, o.not_ready_reasons
  from public.property_overview o
  where o.id = property_readiness.property_id
$$;
comment on function public.property_readiness(uuid) is
  'Is the property guest-ready, and if not, why (reason codes). No row when the caller may not see it.';

revoke all on function public.property_readiness(uuid) from public, anon;
grant execute on function public.property_readiness(uuid) to authenticated, service_role;
