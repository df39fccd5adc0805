// The texts of src/app (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('app', en);
