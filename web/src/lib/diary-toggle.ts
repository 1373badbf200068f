import { DeletedDiaryEntrySchema, LogWatchResultSchema, TitleWatchedSchema } from '@common/contracts/diary';
import type { QueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import { diaryKey, watchedKey } from './diary';
import { toast } from './toast';

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
      client.setQueryData(watchedKey(titleId), false);
      return true;
    }
    return await deleteWatch(client, state.latest.id, titleId, title);
  } catch (error) {
    failed(error, 'The entry could not be removed. Please try again.');
    return false;
  }
}
