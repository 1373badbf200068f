/** A person's gems, ledger and badges are theirs alone: only they read them, buy or equip. */
export const canUseWallet = (actor: { id: string } | null, ownerId: string): boolean => actor !== null && actor.id === ownerId;

/** A badge can be equipped only by someone who owns it. */
export const canEquip = (owned: boolean): boolean => owned;
