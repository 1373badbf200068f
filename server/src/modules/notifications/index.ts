/** Notifications' face: the decorations (`app.notify`, `app.announceNotification`, `app.events`) and its subscribers to other modules' events. */
export { installNotifications } from './notifications.plugin.ts';
