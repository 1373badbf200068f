import type { CurrentUser } from '../../../../common/contracts/auth.ts';

export function presentCurrentUser(u: {
  id: string;
  email: string;
  displayName: string;
  imageUrl: string | null;
  bio: string | null;
  onboarded: boolean | number;
}): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    photoURL: u.imageUrl,
    bio: u.bio,
    onboarded: Boolean(u.onboarded),
  };
}
