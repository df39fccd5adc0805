// The texts of the inputs of a name in the app's other languages (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('components/translations', en);
