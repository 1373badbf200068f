/** A diary is changed, and read whole (its year in review, its titles' watched state), by its owner alone (others are told it does not exist). */
export const canUseDiary = (actor: { id: string } | null, ownerId: string): boolean => actor !== null && actor.id === ownerId;

/**
 * A diary's months are public on its owner's profile: anyone may read them, signed in or not, as long as they may see
 * the person (lib/visibility.ts `targetVisible` 'person': not suspended, no block either way) and the account is open.
 */
export const canReadDiary = (reader: { id: string } | null, ownerId: string, personVisible: boolean, accountOpen: boolean): boolean =>
  (reader !== null && reader.id === ownerId) || (personVisible && accountOpen);
