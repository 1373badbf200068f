import { WatchlistChangeSchema } from '@common/contracts/watchlist';
import type { QueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import { toast } from './toast';
import { onWatchlistKey, watchlistKey } from './watchlist';

/**
 * Adds a title to the reader's watchlist or takes it off, shows the spec's
 * '{title} added' or '{title} removed' toast with an Undo, and refreshes what
 * shows the watchlist. Loaded on the first press of a watchlist button.
 */
export async function setOnWatchlist(client: QueryClient, titleId: string, on: boolean): Promise<boolean> {
  const key = onWatchlistKey(titleId);
  const before = client.getQueryData<boolean>(key);
  client.setQueryData(key, on);
  try {
    const change = on
      ? await api.post('watchlist', { titleId }, WatchlistChangeSchema)
      : await api.delete(`watchlist/${encodeURIComponent(titleId)}`, WatchlistChangeSchema);
    client.setQueryData(key, change.onWatchlist);
    void client.invalidateQueries({ queryKey: [...watchlistKey, 'page'] });
    toast(`${change.title} ${change.onWatchlist ? 'added' : 'removed'}`, 'success', 6000, {
      label: 'Undo',
      onClick: () => void setOnWatchlist(client, titleId, !change.onWatchlist),
    });
    return change.onWatchlist;
  } catch (error) {
    client.setQueryData(key, before);
    // A 401 is shown once by the query client; anything else is said here.
    if (!isApiError(error) || error.status !== 401) {
      toast(isApiError(error) ? error.message : 'The watchlist could not be changed. Please try again.', 'error');
    }
    return before ?? false;
  }
}
