// The server's refusals a user may read (docs/i18n.md "Server messages"): the database's RAISE
// texts, PostgREST's and the auth server's, each an English template with its values, shown in
// the user's language by localize.ts.
import { defineCatalog } from '../i18n/catalog';
import en from './locales/en.json';

export const messages = defineCatalog('lib/server-messages', en);
