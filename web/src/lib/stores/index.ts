// Importing this module registers every persisted store before restore runs.
export { genresActions, genresStore, useGenres } from './genres-store';
export { listsActions, listsStore, normalizeListType, useListsState } from './lists-store';
export { purgePersistedStores, restorePersistedStores } from './persist';
export { userActions, userStore, useUserInfo } from './user-store';
