// The texts of the recurring-tasks area (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/recurring-tasks', en);
