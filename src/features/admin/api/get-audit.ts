// GET audit_log: the latest 100 admin changes, filtered by entity, actor and date. Online only: the
// admin area keeps no copy on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { zonedInputToIso } from '@/lib/company-time';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { adminKeys } from './keys';
import type { AuditEntry, AuditFilter } from './types';

/** The audit log as a resource that keeps no device copy (docs/offline.md). */
export const auditLog = listResource<AuditEntry, AuditFilter>({
  source: 'audit_log',
  fetch: (f) => {
    let q = supabase.from('audit_log').select('*').order('id', { ascending: false }).limit(100);
    if (f.entity) q = q.eq('entity', f.entity);
    if (f.actor) q = q.ilike('actor_email', `%${f.actor.replace(/[%_]/g, '')}%`);
    // From the start of that day in the company's zone, not UTC's.
    if (f.since) q = q.gte('at', zonedInputToIso(`${f.since}T00:00`));
    return fetchOrThrow(q);
  },
  copy: noDeviceCopy,
});

export const getAudit = async (f: AuditFilter): Promise<AuditEntry[]> =>
  (await readList(auditLog, f)).rows;

export const auditQuery = (f: AuditFilter) =>
  queryOptions({ queryKey: adminKeys.audit(f), queryFn: () => getAudit(f) });

export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
