import type { Store } from './create-store';

/**
 * Keeps a store's chosen fields in localStorage under `reelhouse:<name>`.
 * Values are written on every change and read back by `restorePersistedStores`.
 */
interface Persisted {
  key: string;
  restore: () => void;
  purge: () => void;
}

const registry: Persisted[] = [];
const PREFIX = 'reelhouse:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (private mode, sandboxed frames)
  }
}

export interface PersistOptions<T, P> {
  name: string;
  version: number;
  /** Picks what is worth keeping (never loading flags). */
  pick: (state: T) => P;
  /** Validates stored data and merges it into the initial state; return null to drop it. */
  merge: (stored: unknown, initial: T) => T | null;
}

export function persist<T, P>(store: Store<T>, options: PersistOptions<T, P>): Store<T> {
  const key = `${PREFIX}${options.name}`;
  const initial = store.get();
  let restoring = false;

  store.subscribe(() => {
    if (restoring) return;
    try {
      storage()?.setItem(key, JSON.stringify({ v: options.version, state: options.pick(store.get()) }));
    } catch {
      // quota exceeded or blocked: the app keeps working from memory
    }
  });

  registry.push({
    key,
    restore: () => {
      const raw = storage()?.getItem(key);
      if (!raw) return;
      try {
        const parsed = JSON.parse(raw) as { v?: unknown; state?: unknown };
        const merged = parsed.v === options.version ? options.merge(parsed.state, initial) : null;
        if (!merged) {
          storage()?.removeItem(key);
          return;
        }
        restoring = true;
        store.set(merged);
      } catch {
        storage()?.removeItem(key);
      } finally {
        restoring = false;
      }
    },
    purge: () => storage()?.removeItem(key),
  });
  return store;
}

export type RestoreResult = 'restored' | 'timed-out';

/** Restores every persisted store; resolves after at most `timeoutMs` either way. */
export function restorePersistedStores(timeoutMs = 5000): Promise<RestoreResult> {
  const work = new Promise<RestoreResult>((resolve) => {
    for (const entry of registry) entry.restore();
    resolve('restored');
  });
  const timeout = new Promise<RestoreResult>((resolve) => setTimeout(() => resolve('timed-out'), timeoutMs));
  return Promise.race([work, timeout]);
}

/** Removes every persisted store from the device (logout). */
export function purgePersistedStores(): void {
  for (const entry of registry) entry.purge();
}
