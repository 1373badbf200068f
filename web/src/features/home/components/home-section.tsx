import type { ReactNode } from 'react';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { Link } from '../../../lib/router';

interface HomeSectionProps {
  id: string;
  title: string;
  /** Where "See all" goes; an empty string keeps the link without a target (spec 2). */
  seeAll?: string;
  children: ReactNode;
}

export function HomeSection({ id, title, seeAll, children }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold tracking-tight sm:text-2xl">
          {title}
        </h2>
        {seeAll !== undefined &&
          (seeAll ? (
            <Link to={seeAll} className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium whitespace-nowrap text-[var(--accent)] hover:underline focus-ring">
              See all <ChevronRightIcon size={16} />
            </Link>
          ) : (
            <span className="inline-flex min-h-10 shrink-0 items-center gap-1 px-2 text-sm font-medium whitespace-nowrap text-[var(--muted)]" aria-disabled="true">
              See all <ChevronRightIcon size={16} />
            </span>
          ))}
      </div>
      {children}
    </section>
  );
}

export function ComingSoonNote({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-sm text-[var(--muted)]">{children}</p>;
}
