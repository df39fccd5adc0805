import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminPermissionsRoute() {
  return <AreaPlaceholder title="Permissions" description="The role and permission matrix." />;
}
