// Every namespace's Albanian texts, as one chunk downloaded only when Albanian is chosen (catalog.ts).
// No imports: the chunk stands alone (its path -> namespace reading is catalog.ts's).
export default import.meta.glob<Record<string, string>>('/src/**/locales/sq.json', {
  eager: true,
  import: 'default',
});
