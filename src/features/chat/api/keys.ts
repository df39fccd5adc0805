// The chat area's query keys (docs/chat.md "The screens"): one factory, so a write and a live
// update refresh exactly what the screens cache.
export const chatKeys = {
  all: ['chat'] as const,
  /** The conversation list of one user, with their unread counts. */
  lists: () => [...chatKeys.all, 'list'] as const,
  list: (userId: string) => [...chatKeys.lists(), userId] as const,
  /** The unread counts alone (the nav badge, the dashboard card). */
  unread: () => [...chatKeys.all, 'unread'] as const,
  /** Villa channels found by name (the list's filter box: the rest of the 2,000). */
  villaSearch: (q: string) => [...chatKeys.all, 'villa-search', q] as const,
  /** Everything of one open conversation: its messages (pages) and its queued sends. */
  conversation: (id: string) => [...chatKeys.all, 'conversation', id] as const,
  messages: (id: string) => [...chatKeys.conversation(id), 'messages'] as const,
  queued: (id: string) => [...chatKeys.conversation(id), 'queued'] as const,
  people: () => [...chatKeys.all, 'people'] as const,
};
