import type { Database } from '@/lib/database.types';

export type Notification = Database['public']['Tables']['notifications']['Row'];
export type NotificationKind = Database['public']['Enums']['notification_kind'];
