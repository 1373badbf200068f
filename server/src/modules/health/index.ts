/** The health module's face: what the app and other modules use of it. */
export { healthRoutes } from './health.routes.ts';
