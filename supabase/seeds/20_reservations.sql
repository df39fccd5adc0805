-- Demo reservations for the villas of 10_properties.sql: the past 60 and the next 60 days, relative
-- to the day the seed runs, so the demo always has recent turnovers and upcoming arrivals.
--
-- Per villa, stays of 2 to 8 nights follow each other with gaps of 0 to 3 nights (0 = back-to-back
-- turnover: check-out 10:00 or 11:00, next check-in 15:00 or 16:00 the same day, company time).
-- Choices come from hashtext() of the villa code and the stay number, so the pattern is varied but
-- the same on every machine for a given day. Sources mix Airbnb, Booking.com, VRBO and direct
-- bookings (imported ones carry an iCal-style UID). Lithos House (inactive, under renovation) has
-- past stays only. One future stay is cancelled (its dates were then rebooked by someone else).
-- Confirmed stays never overlap: the exclusion constraint would reject the seed if they did.

do $$
declare
  v_tz text := public.company_time_zone();
  v_manager uuid := 'a11ce000-0000-4000-8000-000000000002';
  v_today date := (now() at time zone public.company_time_zone())::date;
  v_guests text[] := array[
    'Sophie Laurent', 'James Whitfield', 'Giulia Romano', 'Lukas Becker', 'Emma Johansson',
    'Mateo García', 'Chloé Martin', 'Oliver Bennett', 'Hannah Schmidt', 'Liam O''Connor',
    'Yuki Tanaka', 'Ana Ferreira', 'Noah Williams', 'Isabella Rossi', 'Pieter de Vries',
    'Camille Dubois', 'Ethan Miller', 'Freya Nielsen', 'Alejandro López', 'Mia Kowalski',
    'Daniel Cohen', 'Aisha Rahman', 'Thomas Müller', 'Olivia Brown', 'Jakub Novák',
    'Sara Lindqvist', 'Marco Bianchi', 'Charlotte Davies', 'Ji-woo Kim', 'Priya Sharma',
    'Lucas Silva', 'Elena Popescu', 'William Taylor', 'Zoë Jansen', 'Matteo Conti',
    'Nikolai Petrov', 'Grace Murphy', 'Felix Wagner', 'Amélie Bernard', 'Ryan Anderson'
  ];
  v_sources text[] := array['airbnb', 'booking', 'airbnb', 'direct', 'vrbo', 'booking', 'airbnb', 'direct'];
  v_p record;
  v_day date;
  v_nights integer;
  v_gap integer;
  v_n integer;
  v_h integer;
  v_source text;
  v_in timestamptz;
  v_out timestamptz;
  v_last_day date;
begin
  for v_p in select id, code, max_guests, status from public.properties order by code loop
    v_day := v_today - 60 + (abs(hashtext(v_p.code)) % 3);
    v_last_day := case when v_p.status = 'inactive' then v_today - 10 else v_today + 60 end;
    v_n := 0;
    while v_day < v_last_day loop
      v_n := v_n + 1;
      v_h := abs(hashtext(v_p.code || ':' || v_n));
      v_nights := 2 + v_h % 7;
      v_source := v_sources[1 + (v_h / 7) % array_length(v_sources, 1)];
      v_in := (v_day + case when (v_h / 11) % 3 = 0 then time '16:00' else time '15:00' end) at time zone v_tz;
      v_out := (v_day + v_nights + case when (v_h / 13) % 2 = 0 then time '10:00' else time '11:00' end)
        at time zone v_tz;
      insert into public.reservations (
        property_id, guest_name, guests, check_in, check_out, source, external_uid, status, notes,
        created_by, updated_by
      ) values (
        v_p.id,
        v_guests[1 + (v_h / 17) % array_length(v_guests, 1)],
        greatest(1, least(v_p.max_guests, 1 + (v_h / 19) % v_p.max_guests)),
        v_in,
        v_out,
        v_source::public.reservation_source,
        case v_source
          when 'airbnb' then format('%s-%s@airbnb.com', substr(md5(v_p.code || v_n), 1, 12), substr(md5(v_n || v_p.code), 1, 20))
          when 'booking' then format('%s@booking.com', substr(md5('bk' || v_p.code || v_n), 1, 24))
          when 'vrbo' then format('%s@vrbo.com', substr(md5('vr' || v_p.code || v_n), 1, 24))
        end,
        'confirmed',
        case when (v_h / 23) % 5 = 0 then 'Late arrival: ferry lands at 22:30, leave the lights on.'
             when (v_h / 23) % 5 = 1 then 'Travelling with a baby: cot and high chair, please.'
             else '' end,
        v_manager,
        v_manager
      );
      v_gap := case when (v_h / 29) % 3 = 0 then 0 else (v_h / 31) % 4 end;
      v_day := v_day + v_nights + v_gap;
    end loop;
  end loop;

  -- A cancelled booking: same dates as an upcoming Ornos Bay stay, cancelled before it was rebooked.
  insert into public.reservations (
    property_id, guest_name, guests, check_in, check_out, source, external_uid, status, notes,
    created_by, updated_by
  )
  select r.property_id, 'Henrik Svensson', 4, r.check_in, r.check_out, 'booking',
    'cancelled-' || substr(md5(r.id::text), 1, 16) || '@booking.com', 'cancelled',
    'Cancelled by the guest (flight changes); dates rebooked.', v_manager, v_manager
  from public.reservations r
  join public.properties p on p.id = r.property_id
  where p.code = 'MYK-ORN-01' and r.check_in > now() + interval '7 days'
  order by r.check_in
  limit 1;
end;
$$;
