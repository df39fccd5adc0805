// The texts of work orders shared by every area (docs/i18n.md): statuses, priorities, categories,
// status moves and the one "Report a problem" form.
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('domain/work-orders', en);
