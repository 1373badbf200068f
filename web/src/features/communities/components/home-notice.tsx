import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

/** A home section that failed or is empty: one sentence and a next step. */
export function HomeNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface)]/60 px-5 py-6 text-sm text-[var(--muted)]">
      <p className="max-w-prose text-pretty">{children}</p>
      {action}
    </div>
  );
}

export const homeRowClass = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:scroll-px-0 sm:px-0 sm:gap-4';
export const homeCardClass = 'w-[80%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3*1rem)/4)]';
export const noticeButtonClass =
  'inline-flex h-10 items-center rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-4 font-medium text-[var(--text)] hover:bg-[var(--surface-3)] focus-ring';

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
