/** Moderation's face: its routes, and granting the moderator role (the admin command). */
export { moderationRoutes } from './moderation.routes.ts';
export { setRole } from './moderation.service.ts';
