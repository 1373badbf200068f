import { cn } from '../../lib/cn';

/** A placeholder block; `still` drops the shimmer where nothing is loading (coming-soon states). */
export function Skeleton({ className, still = false }: { className?: string; still?: boolean }) {
  return <div aria-hidden="true" className={cn(still ? 'bg-[var(--surface-2)]' : 'skeleton', 'rounded-lg', className)} />;
}

/** `count` placeholder blocks, one under the other unless `className` lays them out (a grid), announced as loading. */
export function SkeletonList({ count = 3, label, className, itemClassName }: { count?: number; label: string; className?: string; itemClassName: string }) {
  return (
    <div role="status" aria-label={label} className={className ?? 'space-y-3'}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}

/** One poster card's place (poster rows and grids): the poster, its title, its year. */
export function PosterCardSkeleton({ still = false }: { still?: boolean }) {
  return (
    <>
      <Skeleton still={still} className="aspect-[2/3] w-full rounded-xl" />
      <Skeleton still={still} className="mt-2.5 h-3.5 w-4/5" />
      <Skeleton still={still} className="mt-1.5 h-3 w-1/3" />
    </>
  );
}

/**
 * One card's place in a row or grid of cards, in the card's frame: a list's fan of five posters, or a picture
 * (16:9: a community, a discussion, with its author's round picture when `avatar`), then two lines.
 */
export function CardSkeleton({ top, avatar = false, still = false, className }: { top: 'fan' | 'picture'; avatar?: boolean; still?: boolean; className?: string }) {
  return (
    <div className={cn('rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4', className)}>
      {top === 'fan' ? (
        <div className="flex -space-x-6">
          {Array.from({ length: 5 }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton still={still} key={j} className="aspect-[2/3] w-1/4 rounded-lg ring-2 ring-[var(--surface)]" />
          ))}
        </div>
      ) : (
        <Skeleton still={still} className="aspect-[16/9] w-full rounded-xl" />
      )}
      <div className="mt-4 flex items-center gap-3">
        {avatar && <Skeleton still={still} className="h-8 w-8 shrink-0 rounded-full" />}
        <div className="flex-1">
          <Skeleton still={still} className="h-3.5 w-3/4" />
          <Skeleton still={still} className="mt-2 h-3 w-1/2" />
        </div>
      </div>
    </div>
  );
}
