// The notifications' texts (docs/i18n.md): the bell and a notification in words (./words.ts).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/notifications', en);
