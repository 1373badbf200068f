import type { QueryErrorVariant } from './query-error';
import { QueryFailure } from './query-state';

/** What NextPageError reads of an infinite query. */
export interface NextPageLike {
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The next page of an infinite list failed while the earlier pages show: one line (by default) whose retry button asks for it again. */
export function NextPageError({ query, title, variant = 'line', className }: { query: NextPageLike; title: string; variant?: QueryErrorVariant; className?: string }) {
  if (!query.isFetchNextPageError) return null;
  return <QueryFailure title={title} variant={variant} className={className} retrying={query.isFetchingNextPage} onRetry={() => void query.fetchNextPage()} />;
}
