// The texts of the link into team chat that other areas' screens show (docs/i18n.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('domain/chat', en);
