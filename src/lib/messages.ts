// The texts of src/lib (docs/i18n.md): what the first screen and every screen share (route titles,
// validation, the loading label). Kept small: it is in the entry's chunk. The frame's texts are in
// src/app/**, src/components and src/offline's own catalogues. The import attribute lets Node
// (the e2e specs read the route table, src/lib/routes.ts) load the English too.
import { defineCatalog } from './i18n/catalog';
import en from './locales/en.json' with { type: 'json' };

export const messages = defineCatalog('lib', en);
