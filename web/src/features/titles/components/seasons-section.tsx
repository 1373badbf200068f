import type { Seasons, TitleType } from '@common/contracts/titles';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSeasons } from '../api/get-seasons';

const seasonName = (season: number | null) => (season === null ? 'Other episodes' : `Season ${season}`);

function yearsOf(episodes: Seasons['seasons'][number]['episodes']): string | null {
  const years = episodes.map((e) => e.year).filter((y): y is number => y !== null);
  if (!years.length) return null;
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(first) : `${first}–${last}`;
}

/** A series' seasons, each a collapsible list of its episodes (the first one open). */
export function SeasonsSection({ type, id }: { type: TitleType; id: string }) {
  const seasons = useSeasons(type, id, true);
  if (seasons.isPending) {
    return (
      <div className="space-y-2" role="status" aria-label="Loading the seasons">
        <Skeleton className="h-12 w-full rounded-xl" />
        <Skeleton className="h-12 w-full rounded-xl" />
      </div>
    );
  }
  if (seasons.isError) return <p className="text-sm text-[var(--muted)]">The seasons did not load. Reload the page to try again.</p>;
  const data = seasons.data;
  if (!data.seasons.length) return <p className="text-sm text-[var(--muted)]">The episodes of this series are not in the catalogue yet.</p>;
  return (
    <div className="space-y-2">
      {data.seasons.map((season, i) => {
        const years = yearsOf(season.episodes);
        return (
          <details
            key={season.season ?? 'none'}
            open={i === 0 && data.seasons.length <= 12}
            className="group rounded-xl border border-[var(--border)] bg-[var(--surface)]"
          >
            <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-2 focus-ring [&::-webkit-details-marker]:hidden">
              <span className="font-medium">{seasonName(season.season)}</span>
              <span className="text-sm text-[var(--muted)] tabular-nums">
                {season.episodes.length} episode{season.episodes.length === 1 ? '' : 's'}
                {years ? ` · ${years}` : ''}
              </span>
              <ChevronDownIcon size={18} className="ml-auto shrink-0 text-[var(--muted)] transition-transform duration-200 group-open:rotate-180" />
            </summary>
            <ol className="border-t border-[var(--border)] px-4 py-2">
              {season.episodes.map((episode) => (
                <li key={episode.id} className="flex items-baseline gap-3 py-1.5 text-sm">
                  <span className="w-8 shrink-0 text-right text-[var(--muted)] tabular-nums">{episode.episode ?? '–'}</span>
                  <span className="min-w-0 flex-1 truncate">{episode.title ?? `Episode ${episode.episode ?? ''}`.trim()}</span>
                  {episode.year !== null && <span className="shrink-0 text-xs text-[var(--muted)] tabular-nums">{episode.year}</span>}
                </li>
              ))}
            </ol>
          </details>
        );
      })}
      {data.truncated && <p className="text-sm text-[var(--muted)]">This series has more episodes than are listed here.</p>}
    </div>
  );
}
