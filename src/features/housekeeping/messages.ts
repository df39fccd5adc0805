// The texts of housekeeping: the housekeeper's route and checklist run, the board, the villa
// page's cleans and the area's toasts (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/housekeeping', en);
