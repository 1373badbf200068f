import { useEffect, useState } from 'react';

const key = (userId: string) => `reelhouse:home-seen:${userId}`;

function readSeen(userId: string): boolean {
  try {
    return window.localStorage.getItem(key(userId)) !== null;
  } catch {
    return true; // storage blocked: greet as a returning visitor rather than as new every time
  }
}

/**
 * Whether this person has opened /home on this device before. The session
 * carries no sign-up date, so the first visit is remembered on the device
 * (localStorage, per user id): the first /home after sign-up greets a newcomer,
 * every later one welcomes them back.
 */
export function useIsReturning(userId: string | undefined): boolean {
  // Read once, before the visit below is recorded, so the greeting holds while the page stays open.
  const [returning] = useState(() => (userId ? readSeen(userId) : true));
  useEffect(() => {
    if (!userId) return;
    try {
      window.localStorage.setItem(key(userId), new Date().toISOString());
    } catch {
      // storage blocked: nothing to remember
    }
  }, [userId]);
  return returning;
}
