// The texts of src/components (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('components', en);
