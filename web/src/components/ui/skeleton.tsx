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
