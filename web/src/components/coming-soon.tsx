import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { buttonClasses } from './ui/button';
import { SparkIcon } from './ui/icons';

interface ComingSoonProps {
  title: string;
  /** What this screen will do, in one short sentence. */
  description?: string;
  children?: ReactNode;
}

/** An honest "on its way" screen for parts of Reelhouse that are still being built. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto flex max-w-2xl flex-col items-center px-2 py-12 text-center sm:py-20">
      <div className="mb-6 grid h-16 w-16 place-items-center rounded-2xl border border-[var(--border)] bg-[var(--surface)] text-[var(--accent)] shadow-lg">
        <SparkIcon size={28} />
      </div>
      <h1 id="coming-soon-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 max-w-prose text-[var(--muted)] text-pretty">
        This part of Reelhouse is coming soon{description ? ` — ${description}` : '.'}
      </p>
      {children}
      <Link to="/home" className={buttonClasses('secondary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
