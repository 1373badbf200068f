import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from './api-client';
import { useCurrentUser } from './current-user';
import { hasFields, objectParser } from './light-parse';

/**
 * Whether a title is on the reader's watchlist, as cards, search results and
 * the title page show it. Read with zod-free checks because poster cards are
 * on the first screen; the add and remove calls load on the first press
 * (watchlist-toggle.ts).
 */
export const onWatchlistKey = (titleId: string) => ['watchlist', 'has', titleId] as const;

/** Every query about the reader's watchlist starts with this key (pages, and whether a title is on it). */
export const watchlistKey = ['watchlist'] as const;

/** WATCHLIST_CONTAINS_MAX of common/contracts/watchlist.ts (not imported: it would bring zod to the first screen). */
const CONTAINS_MAX = 100;

const ContainsParser = objectParser<{ titleIds: string[] }>(hasFields({ titleIds: Array.isArray }));

let batch: { ids: string[]; answer: Promise<string[]> } | null = null;

/** The cards drawn in one render ask together: one POST /api/watchlist/contains for up to 100 titles. */
export function askOnWatchlist(titleId: string): Promise<boolean> {
  let current = batch;
  if (!current || current.ids.length >= CONTAINS_MAX) {
    const ids: string[] = [];
    const answer = new Promise((resolve) => setTimeout(resolve, 10)).then(() => {
      if (batch?.ids === ids) batch = null;
      return api.post('watchlist/contains', { titleIds: ids }, ContainsParser).then((found) => found.titleIds);
    });
    current = batch = { ids, answer };
  }
  current.ids.push(titleId);
  return current.answer.then((found) => found.includes(titleId));
}

/** True or false once known; undefined while asking, and for a reader who is not signed in (nothing is asked). */
export function useOnWatchlist(titleId: string): boolean | undefined {
  const signedIn = useCurrentUser().user !== null;
  return useQuery({ queryKey: onWatchlistKey(titleId), queryFn: () => askOnWatchlist(titleId), staleTime: 5 * 60_000, enabled: signedIn }).data;
}

/** A title's watchlist state and the press that flips it (the add and remove calls load on the first press). */
export function useWatchlistToggle(titleId: string) {
  const client = useQueryClient();
  const on = useOnWatchlist(titleId);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const { setOnWatchlist } = await import('./watchlist-toggle');
      await setOnWatchlist(client, titleId, !on);
    } finally {
      setBusy(false);
    }
  };
  return { on, busy, toggle, signedIn: useCurrentUser().user !== null };
}
