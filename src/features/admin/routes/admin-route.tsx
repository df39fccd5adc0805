// /admin: the overview - links to the five admin pages with the counts that need action, and the
// audit log of every admin change (docs/admin.md).
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/routes';
import { useAudit } from '../api/get-audit';
import { useHealth } from '../api/get-health';
import type { AuditEntry, AuditFilter } from '../api/types';
import { AdminNav } from '../components/admin-nav';
import { formatWhen } from '../format';
import { DateInput } from '@/components/form/date-input';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { auditQuery } from '../api/get-audit';
import { healthQuery } from '../api/get-health';

const ENTITIES: { value: string; label: string }[] = [
  { value: '', label: 'Everything' },
  { value: 'account', label: 'Accounts' },
  { value: 'user_roles', label: 'Role assignments' },
  { value: 'custom_permissions', label: 'Permission overrides' },
  { value: 'role_permissions', label: 'Permission matrix' },
  { value: 'roles', label: 'Roles' },
  { value: 'system_settings', label: 'System settings' },
];

function Count({ value, label, to }: { value: number | undefined; label: string; to: string }) {
  return (
    <Link to={to} className="hover:bg-muted block rounded-lg border p-4">
      <div className="text-2xl font-semibold" data-testid={`count-${label}`}>
        {value ?? '…'}
      </div>
      <div className="text-muted-foreground text-sm">{label}</div>
    </Link>
  );
}

function describe(e: AuditEntry): string {
  const after = (e.after ?? {}) as Record<string, unknown>;
  const before = (e.before ?? {}) as Record<string, unknown>;
  const row = e.action === 'delete' ? before : after;
  switch (e.entity) {
    case 'user_roles':
      return `${e.action === 'delete' ? 'Removed' : 'Gave'} role ${String(row.role ?? '')}`;
    case 'custom_permissions':
      return e.action === 'delete'
        ? `Override removed: ${e.entity_id ?? ''}`
        : `Override ${row.granted ? 'grants' : 'revokes'} ${e.entity_id ?? ''}`;
    case 'role_permissions':
      return `Matrix: ${String(row.permission_key ?? '')} ${row.granted ? 'granted' : 'not granted'}`;
    case 'roles':
      return `Role ${e.action}: ${String(row.name ?? '')}`;
    case 'system_settings': {
      const changed = Object.keys(after).filter(
        (k) =>
          k !== 'updated_at' &&
          k !== 'updated_by' &&
          JSON.stringify(after[k]) !== JSON.stringify(before[k]),
      );
      return `Settings: ${changed.map((k) => `${k} ${String(before[k])} → ${String(after[k])}`).join(', ')}`;
    }
    case 'account':
      return `Account ${e.action}: ${String(row.email ?? e.entity_id ?? '')}`;
    default:
      return `${e.entity} ${e.action}`;
  }
}

function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({ entity: '', actor: '', since: '' });
  const audit = useAudit(filter);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Audit log</h2>
        </CardTitle>
        <CardDescription>
          Every admin change, written by the database. The latest 100 matching.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1">
            <Label htmlFor="audit-entity">What</Label>
            <NativeSelect
              id="audit-entity"
              value={filter.entity}
              onChange={(e) => setFilter({ ...filter, entity: e.target.value })}
            >
              {ENTITIES.map((o) => (
                <NativeSelectOption key={o.value} value={o.value}>
                  {o.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="audit-actor">Who (e-mail)</Label>
            <Input
              id="audit-actor"
              value={filter.actor}
              onChange={(e) => setFilter({ ...filter, actor: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="audit-since">Since</Label>
            <DateInput
              id="audit-since"
              pickerLabel="Choose the first day"
              value={filter.since}
              onValueChange={(since) => setFilter({ ...filter, since })}
            />
          </div>
        </div>
        {audit.isPending ? (
          <Skeleton className="h-24" />
        ) : audit.isError ? (
          <p role="alert">Could not load the audit log: {audit.error.message}</p>
        ) : audit.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No changes match.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Audit entries">
            {audit.data.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                <span className="text-muted-foreground shrink-0 sm:w-44">{formatWhen(e.at)}</span>
                <span className="shrink-0 truncate sm:w-56">{e.actor_email ?? 'system'}</span>
                <span className="min-w-0 break-words">{describe(e)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const NO_FILTER: AuditFilter = { entity: '', actor: '', since: '' };

/** Prefetches the audit log and the health figures as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () => {
  prefetchOnLoad(queryClient, healthQuery());
  return prefetchOnLoad(queryClient, auditQuery(NO_FILTER));
};

export function AdminRoute() {
  const health = useHealth();
  return (
    <div className="space-y-6">
      <PageHeader title="Admin" description="Users, roles, permissions, settings and health." />
      <AdminNav />
      <section aria-labelledby="needs-action" className="space-y-3">
        <h2 id="needs-action" className="text-lg font-medium">
          Needs action
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <Count
            value={health.data?.waiting_for_access}
            label="Users waiting for access"
            to={`${paths.adminUsers.path}?filter=waiting`}
          />
          <Count
            value={health.data?.sign_in_failures_24h}
            label="Failed sign-ins (24 h)"
            to={paths.adminHealth.path}
          />
          <Count
            value={health.data?.refused_writes_24h}
            label="Refused writes (24 h)"
            to={paths.adminHealth.path}
          />
        </div>
      </section>
      <AuditLog />
    </div>
  );
}
