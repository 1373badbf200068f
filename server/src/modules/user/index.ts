/** The user module's face: what the app and other modules use of it. */
export { presentCurrentUser } from './user.presenter.ts';
export { exportProfile, liveUser, tombstoneUser } from './user.repository.ts';
export { userRoutes } from './user.routes.ts';
