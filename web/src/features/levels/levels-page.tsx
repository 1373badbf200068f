import { LevelProgressSchema, LevelRulesSchema } from '@common/contracts/levels';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GemIcon } from '../../components/ui/gem-icon';
import { CheckIcon } from '../../components/ui/icons';
import { QueryState } from '../../components/ui/query-state';
import { SkeletonList } from '../../components/ui/skeleton';
import { api } from '../../lib/api-client';
import { cn } from '../../lib/cn';

const MeLevelSchema = z.object({ level: LevelProgressSchema });

/**
 * /levels: the eleven levels in order, what each needs and the gems it gives (GET /api/levels), and where the reader
 * stands (`level` of GET /api/user/me): the levels reached are ticked, the next one is marked with what it still needs.
 */
export default function LevelsPage() {
  const ladder = useQuery({ queryKey: ['levels'], queryFn: ({ signal }) => api.get('levels', LevelRulesSchema, { signal }), staleTime: 3_600_000 });
  const me = useQuery({ queryKey: ['levels', 'me'], queryFn: ({ signal }) => api.get('user/me', MeLevelSchema, { signal }), staleTime: 0 });
  const level = me.data?.level;
  const reached = level?.current?.rank ?? 0;
  return (
    <div className="mx-auto max-w-2xl">
      <title>Levels · Reelhouse</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Levels</h1>
      <p className="mt-1 text-sm text-pretty text-[var(--muted)]">
        Eleven levels, reached in order by what you do on Reelhouse. Each one credits its gems once, the moment you reach it.
      </p>
      {level && (
        <p className="mt-4 rounded-2xl border border-[var(--border)] bg-[var(--surface-2)]/60 px-4 py-3 text-sm" data-testid="levels-standing">
          {level.current ? (
            <>
              You are <span className="font-semibold">{level.current.name}</span>, level {level.current.rank} of 11.
            </>
          ) : (
            'You have no level yet.'
          )}{' '}
          {level.next ? (
            <>
              Next: <span className="font-semibold">{level.next.name}</span>
              {level.missing.length > 0 && <span className="text-[var(--muted)]"> ({level.missing.join(', ')})</span>}.
            </>
          ) : (
            'The top of the ladder.'
          )}
        </p>
      )}
      <QueryState query={ladder} loading={<SkeletonList count={6} label="Loading the levels" className="mt-6 space-y-3" itemClassName="h-20 rounded-2xl" />} errorTitle="The levels did not load">
        {(rules) => (
          <ol className="mt-6 space-y-3" aria-label="The eleven levels">
            {rules.map((l) => {
              const done = l.rank <= reached;
              const next = l.rank === reached + 1 && level !== undefined;
              return (
                <li
                  key={l.id}
                  aria-current={next ? 'step' : undefined}
                  data-testid={`level-${l.id}`}
                  className={cn(
                    'flex gap-3 rounded-2xl border bg-[var(--surface)] p-4 sm:gap-4',
                    next ? 'border-[var(--accent)] ring-1 ring-[var(--accent)]' : 'border-[var(--border)]',
                  )}
                >
                  <span
                    className={cn(
                      'grid h-9 w-9 shrink-0 place-items-center rounded-full text-sm font-semibold tabular-nums',
                      done ? 'bg-[var(--rating)] text-[var(--accent-ink)]' : 'bg-[var(--surface-2)] text-[var(--muted)]',
                    )}
                    aria-hidden="true"
                  >
                    {done ? <CheckIcon size={16} /> : l.rank}
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <h2 className="font-semibold">
                        {l.name}
                        {done && <span className="ml-2 text-xs font-medium text-[var(--muted)]">Reached</span>}
                        {next && <span className="ml-2 text-xs font-medium text-[var(--accent)]">Next</span>}
                      </h2>
                      <span className="inline-flex items-center gap-1 text-sm font-medium tabular-nums text-[var(--muted)]">
                        <GemIcon size={14} />
                        {l.reward > 0 ? `${l.reward} gems` : 'No gems'}
                      </span>
                    </div>
                    <ul className="mt-1.5 space-y-0.5 text-sm text-[var(--muted)]">
                      {l.needs.map((n) => (
                        <li key={n}>{n}</li>
                      ))}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </div>
  );
}
