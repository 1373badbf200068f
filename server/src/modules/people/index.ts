/** The people module's face: what the app and other modules use of it. */
export { peopleRoutes } from './people.routes.ts';
export { blockedAmong, blockedEitherWay, hiddenAmong } from './people.shared.ts';
