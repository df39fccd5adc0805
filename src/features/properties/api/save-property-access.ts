// POST property_access with on_conflict=property_id (upsert): one row per villa, through the sync
// queue. Needs properties.manage and properties.access (RLS).
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, upsertRow } from '@/offline/write';
import type { WriteResult } from '@/offline/write';
import { propertyAccessSchema, type PropertyAccessInput } from '../schemas';
import { propertyKeys } from './keys';
import { messages } from '../messages';

const orNull = (v: string) => (v === '' ? null : v);

export function savePropertyAccess(userId: string, propertyId: string, input: PropertyAccessInput) {
  const v = z.parse(propertyAccessSchema, input);
  return queueWrite(
    upsertRow(
      'property_access',
      {
        property_id: propertyId,
        access_notes: v.access_notes,
        key_safe_code: orNull(v.key_safe_code),
        alarm_code: orNull(v.alarm_code),
        wifi_name: orNull(v.wifi_name),
        wifi_password: orNull(v.wifi_password),
      },
      'property_id',
      messages.t('queue.access'),
    ),
    { userId, invalidate: [propertyKeys.detail(propertyId)] },
  );
}

export function useSavePropertyAccess(
  propertyId: string,
  callbacks?: MutationCallbacks<WriteResult, PropertyAccessInput>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (input: PropertyAccessInput) => savePropertyAccess(userId, propertyId, input),
      invalidate: [propertyKeys.detail(propertyId)],
      done: (result) => notifySaved(result, messages.t('save.accessSaved')),
      failed: messages.t('save.accessFailed'),
    },
    callbacks,
  );
}
