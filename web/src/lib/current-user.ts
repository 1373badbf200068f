import type { CurrentUser, SessionResponse } from '@common/contracts/auth';

/**
 * Checks the session reply without loading zod, so that the first download of
 * every page stays small. The field list is tied to the contract's type:
 * adding a field to CurrentUserSchema fails the type check here until it is
 * handled. current-user.test.ts compares this check with the zod schema.
 */
type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNullableString: Check = (v) => v === null || typeof v === 'string';

const currentUserFields = {
  id: isString,
  email: isString,
  displayName: isString,
  photoURL: isNullableString,
  bio: isNullableString,
  onboarded: (v) => typeof v === 'boolean',
} satisfies Record<keyof CurrentUser, Check>;

export function isCurrentUser(value: unknown): value is CurrentUser {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return Object.entries(currentUserFields).every(([key, check]) => check(record[key]));
}

function pickUser(value: CurrentUser): CurrentUser {
  const { id, email, displayName, photoURL, bio, onboarded } = value;
  return { id, email, displayName, photoURL, bio, onboarded };
}

type SafeParse<T> = { success: true; data: T } | { success: false };

/** Same shape as a zod schema's safeParse, for the api client. */
export const CurrentUserParser = {
  safeParse: (value: unknown): SafeParse<CurrentUser> => (isCurrentUser(value) ? { success: true, data: pickUser(value) } : { success: false }),
};

export const SessionParser = {
  safeParse: (value: unknown): SafeParse<SessionResponse> => {
    const user = (value as { user?: unknown } | null)?.user;
    if (user === null) return { success: true, data: { user: null } };
    return isCurrentUser(user) ? { success: true, data: { user: pickUser(user) } } : { success: false };
  },
};

export const SignedOutParser = {
  safeParse: (value: unknown): SafeParse<{ signedOut: boolean }> => {
    const signedOut = (value as { signedOut?: unknown } | null)?.signedOut;
    return typeof signedOut === 'boolean' ? { success: true, data: { signedOut } } : { success: false };
  },
};
