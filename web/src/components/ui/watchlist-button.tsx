import { cn } from '../../lib/cn';
import { useWatchlistToggle } from '../../lib/watchlist';
import { BookmarkIcon } from './icons';

/** The round bookmark on a poster card: adds the title to the reader's watchlist or takes it off. */
export function WatchlistButton({ titleId, title, className }: { titleId: string; title: string; className?: string }) {
  const { on, busy, toggle, signedIn } = useWatchlistToggle(titleId);
  if (!signedIn) return null;
  return (
    <button
      type="button"
      aria-pressed={on ?? false}
      aria-label={on ? `Remove ${title} from watchlist` : `Add ${title} to watchlist`}
      title={on ? 'Remove from watchlist' : 'Add to watchlist'}
      disabled={on === undefined || busy}
      onClick={toggle}
      className={cn(
        'grid h-10 w-10 place-items-center rounded-full bg-black/55 shadow-md ring-1 ring-white/20 backdrop-blur-sm transition duration-150 hover:bg-black/75 focus-ring disabled:opacity-60',
        on ? 'text-[var(--accent)]' : 'text-white',
        className,
      )}
    >
      <BookmarkIcon size={20} fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
