// Every namespace's Albanian texts, as one chunk downloaded only when Albanian is chosen (catalog.ts).
import { namespacesOf } from './namespaces';

export default namespacesOf(
  import.meta.glob<Record<string, string>>('/src/**/locales/sq.json', {
    eager: true,
    import: 'default',
  }),
);
