/** A watchlist is its owner's alone: only they read it, add to it or take from it. */
export const canUseWatchlist = (actor: { id: string } | null, ownerId: string): boolean => actor !== null && actor.id === ownerId;
