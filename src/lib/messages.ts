// The texts of src/lib, src/components and src/offline (docs/i18n.md): what every screen shares.
import { defineCatalog } from './i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('lib', en);
