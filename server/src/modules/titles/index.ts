/** The titles module's face: what the app and other modules use of it. */
export { presentCard } from './titles.presenter.ts';
export { CREATOR_OF, findCardRows, PEOPLE_JSON_OF } from './titles.repository.ts';
export { titlesRoutes } from './titles.routes.ts';
export { recordTitleActivity } from './titles.service.ts';
export { cachedCards, dayOf } from './titles.shared.ts';
export { upcomingRoutes } from './upcoming.routes.ts';
