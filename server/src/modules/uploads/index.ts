/** The uploads module's face: what the app and other modules use of it. */
export { createMediaStorage, type MediaStorage } from './storage.ts';
export { uploadsRoutes } from './uploads.routes.ts';
export { requireChosenImage } from './uploads.service.ts';
