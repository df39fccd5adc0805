// Notification query keys (docs/notifications.md): one user's list, under `all`.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, 'list', userId] as const,
};
