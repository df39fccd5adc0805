-- Why: deactivating an account must end its sessions at once, not when its refresh token next
-- fails (docs/admin.md). The admin-users function calls this as the admin (so the audit log names
-- them, and the guards - not yourself, not the last admin - apply), then bans the account in the
-- auth server so sign-in and refresh are refused with a clear message.
create function public.admin_set_active(p_user uuid, p_active boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('admin.users');
  if p_user = auth.uid() and not p_active then
    raise exception 'You cannot deactivate your own account' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles p where p.id = p_user) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if not p_active and not public.other_active_admin_exists(p_user)
    and exists (select 1 from public.user_roles ur join public.roles r on r.id = ur.role_id
                where ur.user_id = p_user and r.name = 'admin') then
    raise exception 'The last admin cannot lose the admin role or be deactivated'
      using errcode = '42501';
  end if;
  update public.profiles set active = p_active where id = p_user and active is distinct from p_active;
  if not p_active then
    -- Refresh tokens go with their sessions (on delete cascade).
    delete from auth.sessions s where s.user_id = p_user;
  end if;
end;
$$;
revoke all on function public.admin_set_active(uuid, boolean) from public, anon;
grant execute on function public.admin_set_active(uuid, boolean) to authenticated;
