import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminUsersRoute() {
  return (
    <AreaPlaceholder title="Users" description="Accounts, their roles and permission overrides." />
  );
}
