/**
 * What a fan is told when a sign-in fails and the server sends the browser to
 * /login?error=<code>. A pure rule, no imports.
 *
 * The codes come from three places:
 * - better-auth's magic-link plugin (`/api/auth/magic-link/verify`): `INVALID_TOKEN` for a link
 *   that is unknown, expired or already used (all three look the same to it), and
 *   `failed_to_create_user`, `user_not_found`, `failed_to_create_session`,
 *   `new_user_signup_disabled` when the account or session cannot be made;
 * - better-auth's OAuth callback (an identity provider): the state checks, the code exchange,
 *   the account rules, and whatever `error` the provider itself sent back (OAuth 2.0 and OpenID
 *   Connect error codes such as `access_denied` or `login_required`);
 * - Reelhouse's own routes: `provider_unavailable` and `sign_in_failed`; and its pages: `session_expired`.
 *
 * The code in the URL is only ever a lookup key: the text shown is always one of the sentences
 * below, never the code or the `error_description` that came with it.
 */

export const GENERIC_SIGN_IN_ERROR = "We couldn't sign you in. Please try again.";

export const LINK_EXPIRED_MESSAGE = 'That sign-in link has expired or was already used. Enter your e-mail to get a new one.';

const messages = {
  linkExpired: LINK_EXPIRED_MESSAGE,
  restart: 'That sign-in took too long or was started in another browser. Please start again here.',
  cancelled: 'Sign-in was cancelled at your provider. Try again, or use an e-mail link instead.',
  providerDown: "We couldn't reach your sign-in provider. Try again in a minute, or use an e-mail link instead.",
  providerFailed: "Your provider's sign-in didn't go through. Try again, or use an e-mail link instead.",
  providerNeedsYou: 'Your provider needs you to sign in or give consent there first. Please try again.',
  emailNotVerified: "Your provider hasn't verified your e-mail address. Verify it there, or use an e-mail link instead.",
  accountNotLinked:
    "This e-mail already has a Reelhouse account, and your provider hasn't verified the address, so we can't connect them. Use an e-mail link instead.",
  emailMissing: "Your provider didn't share an e-mail address with us. Use an e-mail link instead.",
  signUpClosed: "New accounts can't be created that way right now.",
  linkedElsewhere: 'That provider account is already connected to a different Reelhouse account.',
  emailMismatch: 'That provider account uses a different e-mail address from your Reelhouse account.',
  sessionExpired: 'Session expired. Please log in again.',
} as const;

type MessageKey = keyof typeof messages;

const codesByMessage: Record<MessageKey, readonly string[]> = {
  linkExpired: ['invalid_token'],
  restart: [
    'state_not_found',
    'state_mismatch',
    'state_invalid',
    'state_security_mismatch',
    'invalid_callback_request',
    'no_code',
  ],
  cancelled: ['access_denied'],
  providerDown: ['provider_unavailable', 'temporarily_unavailable', 'server_error'],
  providerFailed: [
    'invalid_code',
    'unable_to_get_user_info',
    'issuer_missing',
    'issuer_mismatch',
    'nonce_binding_missing',
    'oauth_provider_not_found',
    'no_callback_url',
    'invalid_request',
    'invalid_scope',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_response_type',
  ],
  providerNeedsYou: ['login_required', 'consent_required', 'interaction_required', 'account_selection_required'],
  emailNotVerified: ['email_not_verified'],
  accountNotLinked: ['account_not_linked'],
  emailMissing: ['email_not_found'],
  signUpClosed: ['signup_disabled', 'new_user_signup_disabled'],
  linkedElsewhere: ['account_already_linked_to_different_user'],
  emailMismatch: ['email_does_not_match'],
  // Reelhouse's own: an open page whose session ended elsewhere (signed out in another tab, suspended) is sent here.
  sessionExpired: ['session_expired'],
};

/** A Map, so that codes such as `constructor` or `__proto__` find nothing. */
const byCode = new Map<string, string>(
  (Object.keys(codesByMessage) as MessageKey[]).flatMap((key) => codesByMessage[key].map((code) => [code, messages[key]] as const)),
);

/** Every code with its own message (the rest, `sign_in_failed` among them, get the generic one). */
export const KNOWN_SIGN_IN_ERROR_CODES: readonly string[] = [...byCode.keys()];

/** `INVALID_TOKEN`, `invalid token` and `invalid-token` are the same code. */
function normalize(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/**
 * The sentence for a sign-in error code, or null when there is no code at all.
 * An empty or unknown code gets the generic sentence.
 */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return byCode.get(normalize(code)) ?? GENERIC_SIGN_IN_ERROR;
}
