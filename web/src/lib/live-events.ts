import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';

/**
 * The tab's one live connection (GET /api/events, server-sent events): open while someone is signed in,
 * reopened after a failure with a growing wait (1 s doubling to 30 s), closed on sign-out. Events are hints:
 * listeners read again what they announce; `open` fires on every (re)connection, so missed events are made up.
 * A person holds a few streams at once (the server's EVENT_STREAMS_PER_PERSON): when other tabs or devices open
 * more, the oldest hears `evicted` and this tab stays off until it is shown again, so the tabs in view keep theirs.
 */
const listeners = new Map<string, Set<() => void>>();
/** Set while this tab signs out: its stream's own end (`signed-out`) must not race the sign-out's navigation. */
let signingOut = false;
const emit = (name: string) => {
  if (signingOut && (name === 'signed-out' || name === 'account-closed')) return;
  for (const fn of listeners.get(name) ?? []) fn();
};

/**
 * Runs this tab's sign-out or account closing: meanwhile the stream's `signed-out` and `account-closed` (the server
 * ends the session's streams) are not told, so the tab goes where its own action sends it, once (a second page load
 * would abort the first); if the action fails, the tab listens again.
 */
export async function signingOutWith<T>(signOut: () => Promise<T>): Promise<T> {
  signingOut = true;
  try {
    return await signOut();
  } catch (error) {
    signingOut = false;
    throw error;
  }
}

/** Listens to events (and `open`); answers the function that stops listening. */
export function onLive(names: string[], fn: () => void): () => void {
  for (const name of names) listeners.set(name, (listeners.get(name) ?? new Set()).add(fn));
  return () => {
    for (const name of names) listeners.get(name)?.delete(fn);
  };
}

/** Opens the connection; answers the function that closes it for good. */
export function connectLive(): () => void {
  let source: EventSource;
  let timer: ReturnType<typeof setTimeout>;
  let wait = 1000;
  const whenShown = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', whenShown);
    wait = 1000;
    open();
  };
  const open = () => {
    source = new EventSource('/api/events');
    source.onopen = () => {
      wait = 1000;
      emit('open');
    };
    for (const name of ['notification', 'message', 'conversation', 'signed-out', 'account-closed']) source.addEventListener(name, () => emit(name));
    source.addEventListener('evicted', () => {
      source.onerror = null;
      source.close();
      document.addEventListener('visibilitychange', whenShown);
    });
    source.onerror = () => {
      source.close();
      timer = setTimeout(open, wait);
      wait = Math.min(wait * 2, 30_000);
    };
  };
  open();
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', whenShown);
    source.onerror = null;
    source.close();
  };
}

/** `{ unreadCount }` checked without zod (the top bar is part of the first download). */
export const UnreadParser = {
  safeParse: (v: unknown) => {
    const unreadCount = (v as { unreadCount?: unknown } | null)?.unreadCount;
    return typeof unreadCount === 'number' ? { success: true as const, data: { unreadCount } } : { success: false as const };
  },
};

/** An unread count for the top bar: one small fetch, read again whenever one of `events` arrives (everything under `key[0]` is). */
export function useLiveCount(key: readonly string[], path: string, events: string[]): number {
  const client = useQueryClient();
  useEffect(() => onLive([...events, 'open'], () => void client.invalidateQueries({ queryKey: key.slice(0, 1) })), [client, key, events]);
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.get(path, UnreadParser, { signal }) }).data?.unreadCount ?? 0;
}
