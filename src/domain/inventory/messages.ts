// The texts of inventory shared by every area (docs/i18n.md): categories, location and movement
// kinds, the queued writes' labels.
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('domain/inventory', en);
