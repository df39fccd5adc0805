// The texts of managing items and places (docs/inventory.md "Managing items and places"), a
// namespace of their own: the area's catalogue (../messages.ts) travels with its dashboard card and
// villa section in the signed-in frame, which /auth downloads once idle; these only with the
// inventory screen's chunk.
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const manageMessages = defineCatalog('features/inventory/manage', en);
