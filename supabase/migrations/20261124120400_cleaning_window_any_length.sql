-- Why: a turnover's window runs from a check-out to the villa's next confirmed check-in, and in the
-- off-season that can be months away. The 60-day cap of 20261124120100_cleaning_tasks.sql made
-- such a stay fail to save (23514 from the turnover its trigger wrote). The window only has to end
-- after it starts.
alter table public.cleaning_tasks drop constraint cleaning_tasks_window_length;
