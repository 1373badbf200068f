import { cn } from '../../lib/cn';
import { useWatchedToggle } from '../../lib/diary';
import { EyeIcon } from './icons';

/** The round eye on a poster card: logs the title as watched today, or undoes the latest log. */
export default function WatchedButton({ titleId, title, className }: { titleId: string; title: string; className?: string }) {
  const { on, busy, toggle, signedIn } = useWatchedToggle(titleId, title);
  if (!signedIn) return null;
  return (
    <button
      type="button"
      aria-pressed={on ?? false}
      aria-label={on ? `Watched ${title}: undo the latest log` : `Mark ${title} watched today`}
      title={on ? 'Watched (press to undo the latest log)' : 'Mark watched today'}
      disabled={on === undefined || busy}
      onClick={toggle}
      className={cn(
        'grid h-10 w-10 place-items-center rounded-full bg-black/55 shadow-md ring-1 ring-white/20 backdrop-blur-sm transition duration-150 hover:bg-black/75 focus-ring disabled:opacity-60',
        on ? 'text-[var(--accent)]' : 'text-white',
        className,
      )}
    >
      <EyeIcon size={20} />
    </button>
  );
}
