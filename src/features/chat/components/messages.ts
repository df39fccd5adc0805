// The texts of chat's standalone parts (mentions, attachments, search, notification preference and
// the notifier): a catalogue of their own beside the area's (docs/i18n.md), so they travel with
// the parts' chunks.
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/chat/components', en);
