/** The people module's face: what the app and other modules use of it. */
export { installPeople } from './people.plugin.ts';
export { blockedAmong, blockedEitherWay, hiddenAmong } from './people.shared.ts';
