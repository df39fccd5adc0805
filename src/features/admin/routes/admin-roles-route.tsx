import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminRolesRoute() {
  return <AreaPlaceholder title="Roles" description="The roles users can hold." />;
}
