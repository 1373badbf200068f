/** The ratings module's face: what the app and other modules use of it. */
export { exportRatings, findTitleBasics, type ImportedRating, type ImportedRatingsOutcome, importRatings, publicReviewsOf } from './ratings.repository.ts';
export { ratingsRoutes } from './ratings.routes.ts';
export { reviewOf, titleNotFound } from './ratings.service.ts';
