import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from './api-client';
import { useCurrentUser } from './current-user';
import { hasFields, objectParser } from './light-parse';

/**
 * Whether the reader watched a title (has a diary entry), as poster cards show it. Read with zod-free checks
 * because cards are on the first screen; logging and undoing load on the first press (diary-toggle.ts).
 */
export const diaryKey = ['diary'] as const;
export const watchedKey = (titleId: string) => ['diary', 'watched', titleId] as const;

/** DIARY_CONTAINS_MAX of common/contracts/diary.ts (not imported: it would bring zod to the first screen). */
const CONTAINS_MAX = 100;
const ContainsParser = objectParser<{ titleIds: string[] }>(hasFields({ titleIds: Array.isArray }));

let batch: { ids: string[]; answer: Promise<string[]> } | null = null;

/** The cards drawn in one render ask together: one POST /api/diary/contains for up to 100 titles. */
export function askWatched(titleId: string): Promise<boolean> {
  let current = batch;
  if (!current || current.ids.length >= CONTAINS_MAX) {
    const ids: string[] = [];
    const answer = new Promise((resolve) => setTimeout(resolve, 10)).then(() => {
      if (batch?.ids === ids) batch = null;
      return api.post('diary/contains', { titleIds: ids }, ContainsParser).then((found) => found.titleIds);
    });
    current = batch = { ids, answer };
  }
  current.ids.push(titleId);
  return current.answer.then((found) => found.includes(titleId));
}

/** True or false once known; undefined while asking, and for a reader who is not signed in (nothing is asked). */
export function useWatched(titleId: string): boolean | undefined {
  const signedIn = useCurrentUser().user !== null;
  return useQuery({ queryKey: watchedKey(titleId), queryFn: () => askWatched(titleId), staleTime: 5 * 60_000, enabled: signedIn }).data;
}

/** A card's Watched press: logs the title today, or (already watched) undoes the latest entry. */
export function useWatchedToggle(titleId: string, title: string) {
  const client = useQueryClient();
  const on = useWatched(titleId);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const { markWatched, undoLatestWatch } = await import('./diary-toggle');
      if (on) await undoLatestWatch(client, titleId, title);
      else await markWatched(client, titleId);
    } finally {
      setBusy(false);
    }
  };
  return { on, busy, toggle, signedIn: useCurrentUser().user !== null };
}
