/** Query keys: everything under ['notifications'] is refreshed when a notification arrives live. */
export const notificationsKey = ['notifications'] as const;
export const unreadKey = [...notificationsKey, 'unread'] as const;
export const listKey = [...notificationsKey, 'list'] as const;
