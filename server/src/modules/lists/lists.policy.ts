/** Who may do what with a list: small named checks over (actor, list). */
type Actor = { id: string } | null;
type ListFacts = { ownerId: string; visibility: 'public' | 'private' };

const isOwner = (actor: Actor, list: ListFacts): boolean => actor !== null && actor.id === list.ownerId;

/** A public list is everyone's to see; a private one only its owner's (anyone else is told it does not exist). */
export const canSeeList = (actor: Actor, list: ListFacts): boolean => list.visibility === 'public' || isOwner(actor, list);
/** Only the owner edits or deletes a list. */
export const canEditList = isOwner;
export const canDeleteList = isOwner;
/** Any signed-in reader who can see a list may like it, except its owner. */
export const canLikeList = (actor: Actor, list: ListFacts): boolean => actor !== null && !isOwner(actor, list) && canSeeList(actor, list);
