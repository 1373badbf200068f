/** Notifications' face: `app.events` (the live stream's hub) and its subscribers to other modules' events. */
export { installNotifications } from './notifications.plugin.ts';
