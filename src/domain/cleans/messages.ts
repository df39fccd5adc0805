// The texts of a clean as every screen names it: its statuses and how a status move is labelled
// in the Sync Queue (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('domain/cleans', en);
