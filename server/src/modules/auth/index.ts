/** The auth module's face: what the app and other modules use of it. */
export { endSessions, endSignIn } from './auth.repository.ts';
export { authRoutes } from './auth.routes.ts';
export { createAuth } from './auth.service.ts';
export { createMailer, type Mailer } from './mailer.ts';
