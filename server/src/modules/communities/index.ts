/** The communities module's face: what the app and other modules use of it. */
export { exportCommunityPosts } from './communities.account.repository.ts';
export { communitiesRoutes } from './communities.routes.ts';
export { discussionsRoutes } from './discussions.routes.ts';
