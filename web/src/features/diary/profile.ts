import { lazy } from 'react';

/** The Diary section of a person's profile (`<ProfileDiary userId name isMe />` inside Suspense): its own chunk. */
export const ProfileDiary = lazy(() => import('./components/profile-diary'));
