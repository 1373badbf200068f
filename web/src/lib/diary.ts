import { DeletedDiaryEntrySchema, LogWatchResultSchema, TitleWatchedSchema } from '@common/contracts/diary';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from './api-client';
import { useCurrentUser } from './current-user';
import { hasFields, objectParser } from './light-parse';
import { toast } from './toast';

/**
 * Whether the reader watched a title (has a diary entry), and logging and undoing, as poster cards and the title page
 * use them. Cards load this with their watched button, on hover or focus (components/ui/poster.tsx).
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
      if (on) await undoLatestWatch(client, titleId, title);
      else await markWatched(client, titleId);
    } finally {
      setBusy(false);
    }
  };
  return { on, busy, toggle, signedIn: useCurrentUser().user !== null };
}

function failed(error: unknown, fallback: string) {
  // A 401 is shown once by the query client; anything else is said here.
  if (!isApiError(error) || error.status !== 401) toast(isApiError(error) ? error.message : fallback, 'error');
}

/** Everything that shows the diary is read again: pages, years, a title's state, cards. */
export function refreshDiary(client: QueryClient, titleId: string) {
  void client.invalidateQueries({ queryKey: diaryKey, predicate: (q) => q.queryKey[1] !== 'watched' || q.queryKey[2] === titleId });
}

/** Logs a title as watched on a day (today when absent), with a '{title} logged' toast and an Undo. */
export async function markWatched(client: QueryClient, titleId: string, watchedOn?: string): Promise<boolean> {
  const key = watchedKey(titleId);
  const before = client.getQueryData<boolean>(key);
  client.setQueryData(key, true);
  try {
    const { entry, changed } = await api.post('diary', watchedOn ? { titleId, watchedOn } : { titleId }, LogWatchResultSchema);
    refreshDiary(client, titleId);
    const day = new Date(`${entry.watchedOn}T00:00:00Z`).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    toast(
      changed ? `${entry.title.title} logged as watched on ${day}${entry.rewatch ? ' (rewatch)' : ''}` : `${entry.title.title} was already logged on ${day}`,
      'success',
      6000,
      changed ? { label: 'Undo', onClick: () => void deleteWatch(client, entry.id, titleId, entry.title.title) } : undefined,
    );
    return true;
  } catch (error) {
    client.setQueryData(key, before);
    failed(error, 'The title could not be logged. Please try again.');
    return false;
  }
}

/** Takes one entry out of the diary. */
export async function deleteWatch(client: QueryClient, id: string, titleId: string, title: string): Promise<boolean> {
  try {
    await api.delete(`diary/${encodeURIComponent(id)}`, DeletedDiaryEntrySchema);
    refreshDiary(client, titleId);
    toast(`${title} taken out of your diary`, 'success');
    return true;
  } catch (error) {
    failed(error, 'The entry could not be removed. Please try again.');
    return false;
  }
}

/** A card's second press: the latest entry of the title is taken out. */
export async function undoLatestWatch(client: QueryClient, titleId: string, title: string): Promise<boolean> {
  try {
    const state = await api.get(`diary/titles/${encodeURIComponent(titleId)}`, TitleWatchedSchema);
    if (!state.latest) {
      client.setQueryData(watchedKey(titleId), state.watched);
      if (state.undated) toast(`${title} is marked watched without a day (from an import): there is no log to undo.`, 'info');
      return true;
    }
    return await deleteWatch(client, state.latest.id, titleId, title);
  } catch (error) {
    failed(error, 'The entry could not be removed. Please try again.');
    return false;
  }
}
