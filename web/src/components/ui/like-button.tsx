import { cn } from '../../lib/cn';
import { HeartIcon } from './icons';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  /** What is liked, for screen readers: "Like {label}: 3 likes" / "Unlike {label}: 4 likes". */
  label: string;
  onToggle: () => void;
  disabled?: boolean;
  /** Why it cannot be pressed, shown on hover. */
  title?: string;
  testId?: string;
}

/** A like toggle with its count (aria-pressed tells its state): reviews, discussions, comments. */
export function LikeButton({ liked, count, label, onToggle, disabled, title, testId }: LikeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      disabled={disabled}
      title={title}
      onClick={onToggle}
      className={cn(
        'inline-flex h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-medium tabular-nums transition-colors duration-150 focus-ring disabled:cursor-default disabled:opacity-60 sm:h-8',
        liked ? 'border-[var(--accent)]/60 bg-[var(--accent)]/10 text-[var(--accent)]' : 'border-[var(--border)] text-[var(--muted)] enabled:hover:text-[var(--text)]',
      )}
    >
      <HeartIcon size={16} fill={liked ? 'currentColor' : 'none'} />
      {/* The name comes from the content, so that it holds the count one sees: "Like this discussion: 3 likes". */}
      <span className="sr-only">
        {liked ? 'Unlike' : 'Like'} {label}:{' '}
      </span>
      <span data-testid={testId}>{count}</span>
      <span className="sr-only"> {count === 1 ? 'like' : 'likes'}</span>
    </button>
  );
}
