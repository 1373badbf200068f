/** A diary is its owner's alone: only they read it, log in it or take an entry out (others are told it does not exist). */
export const canUseDiary = (actor: { id: string } | null, ownerId: string): boolean => actor !== null && actor.id === ownerId;
