import { compactCount } from '@common/format';
import { StarIcon } from '../../../components/ui/icons';
import { useRatingSummary } from '../api/get-rating-summary';

/** The Reelhouse average and count, shown beside IMDb's figures. */
export function ReelhouseRating({ titleId }: { titleId: string }) {
  const summary = useRatingSummary(titleId);
  const data = summary.data;
  return (
    <div className="flex items-center gap-2.5 rounded-2xl border border-[var(--border)] bg-[var(--surface)]/80 px-3 py-2.5 sm:gap-3 sm:px-4" aria-live="polite">
      <StarIcon size={26} className="text-[var(--accent)]" />
      <div className="text-left">
        {data && data.average !== null ? (
          <p className="text-lg leading-none font-bold tabular-nums">
            {data.average.toFixed(1)}
            <span className="text-sm font-medium text-[var(--muted)]">/10</span>
          </p>
        ) : (
          <p className="text-lg leading-none font-bold text-[var(--muted)]">{summary.isPending ? '…' : '–'}</p>
        )}
        <p className="mt-1 text-xs text-[var(--muted)] tabular-nums">
          Reelhouse ·{' '}
          {data ? (data.count ? `${compactCount(data.count)} rating${data.count === 1 ? '' : 's'}` : 'no ratings yet') : summary.isError ? 'unavailable' : 'loading'}
        </p>
      </div>
    </div>
  );
}
