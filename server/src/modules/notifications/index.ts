/** Notifications' face: the decorations (`app.notify`, `app.announceNotification`, `app.events`), what a follow records in its own transaction. */
export { EventHub } from './events.ts';
export { installNotifications } from './notifications.plugin.ts';
export type { StoredNotification } from './notifications.repository.ts';
export { type NotifyInput, notify } from './notifications.service.ts';
