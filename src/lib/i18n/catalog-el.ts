// Every namespace's Greek texts, as one chunk downloaded only when Greek is chosen (catalog.ts).
import { namespacesOf } from './namespaces';

export default namespacesOf(
  import.meta.glob<Record<string, string>>('/src/**/locales/el.json', {
    eager: true,
    import: 'default',
  }),
);
