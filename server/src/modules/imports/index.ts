/** The imports module's face: what the app and other modules use of it. */
export { importsRoutes } from './imports.routes.ts';
