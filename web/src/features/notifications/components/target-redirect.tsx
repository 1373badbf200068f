import { useQuery } from '@tanstack/react-query';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { Link, Navigate } from '../../../lib/router';
import { pathOf, type TargetKind } from '../api/targets';

/** /go/{kind}/{id}: a notification's link to a comment, a review or a discussion, sent on to where it is shown. */
export function TargetRedirect({ kind, id }: { kind: TargetKind; id: string }) {
  const place = useQuery({ queryKey: ['notification-target', kind, id], queryFn: ({ signal }) => pathOf(kind, id, signal), retry: false, staleTime: 0, gcTime: 0 });
  if (place.data) return <Navigate to={place.data} replace />;
  if (place.isError) {
    const gone = isApiError(place.error) && (place.error.status === 404 || place.error.status === 400);
    return (
      <>
        <title>Not available · Reelhouse</title>
        <EmptyState
          icon={<BellIcon />}
          tone={gone ? 'neutral' : 'error'}
          title={gone ? 'This is no longer here' : 'We could not open this'}
          action={
            gone ? (
              <Link to="/home" className={buttonClasses('primary')}>
                Go home
              </Link>
            ) : (
              <button type="button" className={buttonClasses('primary')} onClick={() => void place.refetch()}>
                Try again
              </button>
            )
          }
        >
          {gone ? 'It was deleted, hidden, or is somewhere you cannot see.' : place.error.message}
        </EmptyState>
      </>
    );
  }
  return (
    <div role="status" aria-label="Opening">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="mt-4 h-28 w-full rounded-2xl" />
    </div>
  );
}
