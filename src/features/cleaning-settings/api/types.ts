// The cleaning settings' rows, from the generated database types (docs/housekeeping.md).
import type { Database } from '@/lib/database.types';

export type CleaningType = Database['public']['Tables']['cleaning_types']['Row'];
export type TurnoverRules = Database['public']['Tables']['turnover_rules']['Row'];
export type Override = Database['public']['Tables']['property_cleaning_overrides']['Row'];
