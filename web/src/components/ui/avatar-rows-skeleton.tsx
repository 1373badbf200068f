import { cn } from '../../lib/cn';

/**
 * Rows of a round picture beside two lines (notifications, conversations, the feed), announced as loading. Drawn with
 * Skeleton's classes rather than Skeleton, so the bell's panel and the feed need one chunk less on every page.
 */
export function AvatarRowsSkeleton({
  count = 3,
  label,
  className,
  rowClassName = 'flex items-center gap-3 px-4 py-3',
  avatarClassName = 'h-10 w-10',
  lines = ['h-3.5 w-4/5', 'h-3 w-1/4'],
}: {
  count?: number;
  label: string;
  className?: string;
  rowClassName?: string;
  avatarClassName?: string;
  /** The two lines' height and width. */
  lines?: [string, string];
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={rowClassName}>
          <div aria-hidden="true" className={cn('skeleton shrink-0 rounded-full', avatarClassName)} />
          <div className="flex-1 space-y-2">
            <div aria-hidden="true" className={cn('skeleton rounded-lg', lines[0])} />
            <div aria-hidden="true" className={cn('skeleton rounded-lg', lines[1])} />
          </div>
        </div>
      ))}
    </div>
  );
}
