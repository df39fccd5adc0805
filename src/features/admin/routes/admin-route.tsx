import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminRoute() {
  return (
    <AreaPlaceholder
      title="Admin"
      description="Users, roles, permissions, system settings and health."
    />
  );
}
