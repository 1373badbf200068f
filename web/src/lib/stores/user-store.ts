import type { CurrentUser } from '@common/contracts/auth';
import { CurrentUserParser } from '../current-user';
import { createStore, useStore } from './create-store';
import { persist } from './persist';

/** Spec 3 "User info": the signed-in person kept on the device, plus loading and error. */
export interface UserState {
  userInfo: CurrentUser | null;
  loading: boolean;
  error: string | null;
  /** Set when the person logged out on this device (not persisted), so guards send them to /onboarding. */
  loggedOut: boolean;
}

const initial: UserState = { userInfo: null, loading: false, error: null, loggedOut: false };

export const userStore = persist(createStore<UserState>(initial), {
  name: 'user',
  version: 1,
  pick: (s) => ({ userInfo: s.userInfo }),
  merge: (stored, init) => {
    const userInfo = (stored as { userInfo?: unknown } | null)?.userInfo;
    if (userInfo === null || userInfo === undefined) return init;
    const parsed = CurrentUserParser.safeParse(userInfo);
    return parsed.success ? { ...init, userInfo: parsed.data } : null;
  },
});

export const userActions = {
  setUser: (userInfo: CurrentUser | null) =>
    userStore.set((s) => ({ ...s, userInfo, loading: false, error: null, loggedOut: userInfo ? false : s.loggedOut })),
  setLoading: (loading: boolean) => userStore.set((s) => ({ ...s, loading })),
  setError: (error: string) => userStore.set((s) => ({ ...s, loading: false, error })),
  clear: () => userStore.set(initial),
  loggedOut: () => userStore.set({ ...initial, loggedOut: true }),
};

export const useUserInfo = () => useStore(userStore, (s) => s.userInfo);
export const useLoggedOut = () => useStore(userStore, (s) => s.loggedOut);
