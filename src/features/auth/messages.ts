// The texts of the sign-in, sign-up and password screens (docs/i18n.md). Only theirs: this
// catalogue's English comes with the /auth screen, which has a byte budget (bench/README.md).
import { defineCatalog } from '@/lib/i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('features/auth', en);
