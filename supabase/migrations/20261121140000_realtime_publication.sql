-- Live tables: boards and detail screens update when someone else changes these rows, so they are
-- in the supabase_realtime publication (as on hosted Supabase; the local backend captures the
-- same set). RLS still decides, per subscriber, who receives which row.
alter publication supabase_realtime add table
  public.profiles,
  public.properties,
  public.property_photos,
  public.reservations;
