/** Query keys: everything under ['messages'] is refreshed when a message or a block arrives live. */
export const messagesKey = ['messages'] as const;
export const unreadKey = [...messagesKey, 'unread'] as const;
export const conversationsKey = [...messagesKey, 'conversations'] as const;
export const conversationKey = (id: string) => [...messagesKey, 'conversation', id] as const;
export const blocksKey = [...messagesKey, 'blocks'] as const;
/** Whether the reader may write to a person now (the profile's Message button); under messagesKey, so a block refreshes it. */
export const canWriteKey = (userId: string) => [...messagesKey, 'can-write', userId] as const;
