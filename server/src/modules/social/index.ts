/** Social's face: its routes (follows, blocks, mutes). */
export { socialRoutes } from './social.routes.ts';
