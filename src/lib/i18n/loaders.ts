// The language chunks (catalog-el.ts, catalog-sq.ts), each downloaded when its language is chosen
// (docs/i18n.md "Catalogues"). Registered by the entry with setCatalogueLoaders.
import type { CatalogueLoaders } from './catalog';

export const CATALOGUE_LOADERS: CatalogueLoaders = {
  el: () => import('./catalog-el'),
  sq: () => import('./catalog-sq'),
};
