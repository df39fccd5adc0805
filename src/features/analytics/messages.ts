// The texts of the analytics area (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/analytics', en);
