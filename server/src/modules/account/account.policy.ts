/** Who may do what with an account: pure checks the service asks through `authorize` (lib/policy.ts). */

type Actor = { id: string; viaToken?: boolean } | null;

/**
 * Minting or revoking tokens and closing the account need the person's own session: a script's token can do what
 * the person does with the API, but cannot make more tokens, revoke them or close the account.
 */
export const canManageAccount = (actor: Actor): boolean => actor !== null && actor.viaToken !== true;

/** Everyone takes out their own data (a script with a token too). */
export const canExport = (actor: Actor): boolean => actor !== null;

export const SESSION_REQUIRED = { code: 'session_required', message: 'Sign in to do this: an access token cannot manage tokens or close the account.' } as const;
