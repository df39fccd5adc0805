-- Why: the properties list embeds each villa's next stays (`reservations(...)` with
-- `check_out >= now`, ordered by check-in, limit 3 - bench/load.ts reads it the way the app's list
-- does). The only (property_id, check_out) index is partial (`status = 'confirmed'`), so a read
-- that does not filter on status walked every stay of the villa: about 2,100 index entries per
-- villa on the load bench's data, most of one hot read's time on PGlite (bench/README.md, issue 11).
-- This index covers any status; the partial ones stay for property_overview's confirmed-only reads.
create index reservations_property_any_check_out_idx
  on public.reservations (property_id, check_out);
