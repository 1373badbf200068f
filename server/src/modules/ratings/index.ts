/** The ratings module's face: what the app and other modules use of it. */
export { findTitleBasics } from './ratings.repository.ts';
export { ratingsRoutes } from './ratings.routes.ts';
export { titleNotFound } from './ratings.service.ts';
