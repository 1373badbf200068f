import { cn } from '../../lib/cn';

/** A placeholder block; `still` drops the shimmer where nothing is loading (coming-soon states). */
export function Skeleton({ className, still = false }: { className?: string; still?: boolean }) {
  return <div aria-hidden="true" className={cn(still ? 'bg-[var(--surface-2)]' : 'skeleton', 'rounded-lg', className)} />;
}
