/** Messages' face: its routes. */
export { messagesRoutes } from './messages.routes.ts';
