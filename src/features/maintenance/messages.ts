// The maintenance area's texts (docs/i18n.md); a work order's statuses, priorities, categories and
// the "Report a problem" form are src/domain/work-orders/messages.ts's.
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/maintenance', en);
