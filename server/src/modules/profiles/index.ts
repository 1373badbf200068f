/** Profiles' face: person cards and lookups other modules share, the profile columns user's setProfile writes, the routes. */
export { profileExtras } from './extras.service.ts';
export { userNotFound } from './profiles.errors.ts';
export { CARD_COLUMNS, type CardRow, presentCard } from './profiles.presenter.ts';
export { cardsOf, findLivePerson, hasBlocked, livePersonByUsername, personExists } from './profiles.repository.ts';
export { profilesRoutes } from './profiles.routes.ts';
export { profileColumns, searchTextOf, usernameRace } from './profiles.service.ts';
