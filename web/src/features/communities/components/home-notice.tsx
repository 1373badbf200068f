import { Skeleton } from '../../../components/ui/skeleton';

export const homeRowClass = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:scroll-px-0 sm:px-0 sm:gap-4';
export const homeCardClass = 'w-[80%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3*1rem)/4)]';
/** The row while its cards load: the same shape as the home page's skeleton row, shimmering. */
export function HomeRowLoading({ label }: { label: string }) {
  return (
    <div className={homeRowClass} role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={`${homeCardClass} rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4`}>
          <Skeleton className="aspect-[16/9] w-full rounded-xl" />
          <Skeleton className="mt-4 h-3.5 w-3/4" />
          <Skeleton className="mt-2 h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}
