// The tests' languages, as the app's entry gives them (src/main.tsx): vitest.config.ts runs this
// before the unit and component tests.
import { setCatalogueLoaders } from './catalog';
import { CATALOGUE_LOADERS } from './loaders';

setCatalogueLoaders(CATALOGUE_LOADERS);
