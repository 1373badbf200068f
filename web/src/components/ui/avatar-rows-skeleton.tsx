import { cn } from '../../lib/cn';
import { Skeleton } from './skeleton';

/** Rows of a round picture beside two lines (notifications, conversations, the feed), announced as loading. */
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
          <Skeleton className={cn('shrink-0 rounded-full', avatarClassName)} />
          <div className="flex-1 space-y-2">
            <Skeleton className={lines[0]} />
            <Skeleton className={lines[1]} />
          </div>
        </div>
      ))}
    </div>
  );
}
