// GET audit_log: the latest 100 admin changes, filtered by entity, actor and date.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import type { AuditFilter } from './types';

export function getAudit(f: AuditFilter) {
  let q = supabase.from('audit_log').select('*').order('id', { ascending: false }).limit(100);
  if (f.entity) q = q.eq('entity', f.entity);
  if (f.actor) q = q.ilike('actor_email', `%${f.actor.replace(/[%_]/g, '')}%`);
  if (f.since) q = q.gte('at', new Date(f.since).toISOString());
  return fetchOrThrow(q);
}

export const auditQuery = (f: AuditFilter) =>
  queryOptions({ queryKey: adminKeys.audit(f), queryFn: () => getAudit(f) });

export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
