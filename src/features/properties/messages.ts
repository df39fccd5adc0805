// The texts of the villas area: list, villa page, reservations, calendars, gallery (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/properties', en);
