/** The levels module's face: what the app and other modules use of it. */
export { LevelCache } from './levels.cache.ts';
export { installLevels } from './levels.plugin.ts';
export { levelsRoutes } from './levels.routes.ts';
export { levelProgress } from './levels.service.ts';
