/**
 * The tab's one live connection (GET /api/events, server-sent events): open while someone is signed in,
 * reopened with a growing wait (1 s doubling to 30 s) after a failure, closed on sign-out. Events are
 * hints; listeners refetch what they announce. `open` fires on every (re)connection, so missed events
 * are made up for by refetching.
 */
type Listener = (data: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
const NAMES = ['notification', 'message', 'conversation', 'signed-out'];

function emit(name: string, data?: unknown) {
  for (const fn of listeners.get(name) ?? []) fn(data);
}

/** Listens to events (and `open`, a (re)connection); answers the function that stops listening. */
export function onLive(names: string[], fn: Listener): () => void {
  const sets = names.map((name) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set.add(fn));
    return set;
  });
  return () => {
    for (const set of sets) set.delete(fn);
  };
}

/** Opens the connection; answers the function that closes it for good. */
export function connectLive(): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = 1000;
  const open = () => {
    const es = new EventSource('/api/events');
    source = es;
    es.onopen = () => {
      wait = 1000;
      emit('open');
    };
    for (const name of NAMES) es.addEventListener(name, (e) => emit(name, JSON.parse((e as MessageEvent).data)));
    es.onerror = () => {
      es.close();
      timer = setTimeout(open, wait);
      wait = Math.min(wait * 2, 30_000);
    };
  };
  open();
  return () => {
    clearTimeout(timer);
    source?.close();
  };
}

/** Checks `{ unreadCount }` without zod (the header's counts are part of the first download). */
export const UnreadParser = {
  safeParse: (v: unknown): { success: true; data: { unreadCount: number } } | { success: false } => {
    const n = (v as { unreadCount?: unknown } | null)?.unreadCount;
    return typeof n === 'number' ? { success: true, data: { unreadCount: n } } : { success: false };
  },
};
