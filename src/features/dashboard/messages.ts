// The dashboard's own texts (docs/i18n.md); its cards' are their areas'.
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/dashboard', en);
