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
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { useAudit } from '../api/get-audit';
import { useHealth } from '../api/get-health';
import type { AuditEntry, AuditFilter } from '../api/types';
import { AdminNav } from '../components/admin-nav';
import { formatWhen } from '../format';
import { messages } from '../messages';
import { DateInput } from '@/components/form/date-input';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { auditQuery } from '../api/get-audit';
import { healthQuery } from '../api/get-health';

// The audit log's filter: '' is everything (the label of each: `audit.entity.*`).
const ENTITIES = [
  '',
  'account',
  'user_roles',
  'custom_permissions',
  'role_permissions',
  'roles',
  'system_settings',
] as const;

function Count({
  id,
  value,
  label,
  to,
}: {
  id: string;
  value: number | undefined;
  label: string;
  to: string;
}) {
  return (
    <Link to={to} className="hover:bg-muted block rounded-lg border p-4">
      <div className="text-2xl font-semibold" data-testid={`count-${id}`}>
        {value ?? '…'}
      </div>
      <div className="text-muted-foreground text-sm">{label}</div>
    </Link>
  );
}

/** An audit entry's action (insert, update, delete) in words; another as it is. */
function actionWord(action: string): string {
  const key = `audit.action.${action}`;
  return messages.has(key) ? messages.t(key) : action;
}

function describe(e: AuditEntry): string {
  const t = messages.t;
  const after = (e.after ?? {}) as Record<string, unknown>;
  const before = (e.before ?? {}) as Record<string, unknown>;
  const row = e.action === 'delete' ? before : after;
  switch (e.entity) {
    case 'user_roles':
      return t(e.action === 'delete' ? 'audit.roleRemoved' : 'audit.roleGiven', {
        role: String(row.role ?? ''),
      });
    case 'custom_permissions':
      return t(
        e.action === 'delete'
          ? 'audit.overrideRemoved'
          : row.granted
            ? 'audit.overrideGrants'
            : 'audit.overrideRevokes',
        { key: e.entity_id ?? '' },
      );
    case 'role_permissions':
      return t(row.granted ? 'audit.matrixGranted' : 'audit.matrixNotGranted', {
        key: String(row.permission_key ?? ''),
      });
    case 'roles':
      return t('audit.role', { action: actionWord(e.action), name: String(row.name ?? '') });
    case 'system_settings': {
      const changed = Object.keys(after).filter(
        (k) =>
          k !== 'updated_at' &&
          k !== 'updated_by' &&
          JSON.stringify(after[k]) !== JSON.stringify(before[k]),
      );
      return t('audit.settings', {
        changes: changed.map((k) => `${k} ${String(before[k])} → ${String(after[k])}`).join(', '),
      });
    }
    case 'account':
      return t('audit.account', {
        action: actionWord(e.action),
        who: String(row.email ?? e.entity_id ?? ''),
      });
    default:
      return t('audit.other', { entity: e.entity, action: actionWord(e.action) });
  }
}

function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({ entity: '', actor: '', since: '' });
  const audit = useAudit(filter);
  const t = useT(messages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('audit.title')}</h2>
        </CardTitle>
        <CardDescription>{t('audit.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1">
            <Label htmlFor="audit-entity">{t('audit.what')}</Label>
            <NativeSelect
              id="audit-entity"
              value={filter.entity}
              onChange={(e) => setFilter({ ...filter, entity: e.target.value })}
            >
              {ENTITIES.map((o) => (
                <NativeSelectOption key={o} value={o}>
                  {t(`audit.entity.${o || 'all'}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="audit-actor">{t('audit.who')}</Label>
            <Input
              id="audit-actor"
              value={filter.actor}
              onChange={(e) => setFilter({ ...filter, actor: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="audit-since">{t('audit.since')}</Label>
            <DateInput
              id="audit-since"
              pickerLabel={t('audit.sincePicker')}
              value={filter.since}
              onValueChange={(since) => setFilter({ ...filter, since })}
            />
          </div>
        </div>
        {audit.isPending ? (
          <Skeleton className="h-24" />
        ) : audit.isError ? (
          <p role="alert">{t('audit.loadFailed', { error: audit.error.message })}</p>
        ) : audit.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('audit.none')}</p>
        ) : (
          <ul className="divide-y text-sm" aria-label={t('audit.entries')}>
            {audit.data.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                <span className="text-muted-foreground shrink-0 sm:w-44">{formatWhen(e.at)}</span>
                <span className="shrink-0 truncate sm:w-56">
                  {e.actor_email ?? t('audit.system')}
                </span>
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
  const t = useT(messages);
  return (
    <div className="space-y-6">
      <PageHeader title={t('overview.title')} description={t('overview.description')} />
      <AdminNav />
      <section aria-labelledby="needs-action" className="space-y-3">
        <h2 id="needs-action" className="text-lg font-medium">
          {t('overview.needsAction')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <Count
            id="waiting"
            value={health.data?.waiting_for_access}
            label={t('overview.waiting')}
            to={`${paths.adminUsers.path}?filter=waiting`}
          />
          <Count
            id="failed-sign-ins"
            value={health.data?.sign_in_failures_24h}
            label={t('overview.failedSignIns')}
            to={paths.adminHealth.path}
          />
          <Count
            id="refused-writes"
            value={health.data?.refused_writes_24h}
            label={t('overview.refusedWrites')}
            to={paths.adminHealth.path}
          />
        </div>
      </section>
      <AuditLog />
    </div>
  );
}
