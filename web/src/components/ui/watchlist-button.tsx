import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { useOnWatchlist } from '../../lib/watchlist';
import { buttonClasses } from './button';
import { BookmarkIcon } from './icons';

interface WatchlistButtonProps {
  titleId: string;
  title: string;
  /** `overlay`: the round icon on a poster card; `full`: a labelled button (the title page). */
  look?: 'overlay' | 'full';
  className?: string;
}

/** Adds the title to the reader's watchlist or takes it off; its state is asked for in batches. */
export function WatchlistButton({ titleId, title, look = 'overlay', className }: WatchlistButtonProps) {
  const client = useQueryClient();
  const on = useOnWatchlist(titleId);
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      const { setOnWatchlist } = await import('../../lib/watchlist-toggle');
      await setOnWatchlist(client, titleId, !on);
    } finally {
      setBusy(false);
    }
  };
  const label = on ? `Remove ${title} from watchlist` : `Add ${title} to watchlist`;
  const icon = <BookmarkIcon size={look === 'full' ? 18 : 20} fill={on ? 'currentColor' : 'none'} />;
  if (look === 'full') {
    return (
      <button
        type="button"
        aria-pressed={on ?? false}
        aria-label={label}
        disabled={on === undefined || busy}
        onClick={handleClick}
        className={buttonClasses('secondary', 'md', cn('justify-start', on && 'text-[var(--accent)]', className))}
      >
        {icon}
        {on ? 'On watchlist' : 'Watchlist'}
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={on ?? false}
      aria-label={label}
      title={on ? 'Remove from watchlist' : 'Add to watchlist'}
      disabled={on === undefined || busy}
      onClick={handleClick}
      className={cn(
        'grid h-10 w-10 place-items-center rounded-full bg-black/55 shadow-md ring-1 ring-white/20 backdrop-blur-sm transition duration-150 hover:bg-black/75 focus-ring disabled:opacity-60',
        on ? 'text-[var(--accent)]' : 'text-white',
        className,
      )}
    >
      {icon}
    </button>
  );
}
