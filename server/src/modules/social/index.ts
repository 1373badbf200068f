/** Social's face: its routes (follows, blocks, mutes), and a person's follows for the account export. */
export { exportFollows } from './social.repository.ts';
export { socialRoutes } from './social.routes.ts';
