// Every namespace's Greek texts, as one chunk downloaded only when Greek is chosen (catalog.ts).
// No imports: the chunk stands alone (its path -> namespace reading is catalog.ts's).
export default import.meta.glob<Record<string, string>>('/src/**/locales/el.json', {
  eager: true,
  import: 'default',
});
