import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  /** One sentence: why it is empty, or what failed. */
  children?: ReactNode;
  /** The next step: a link or a button. */
  action?: ReactNode;
  className?: string;
  tone?: 'neutral' | 'error';
}

/** Empty and failed states: a sentence and a next step, never a blank area. */
export function EmptyState({ icon, title, children, action, className, tone = 'neutral' }: EmptyStateProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface)]/60 px-6 py-12 text-center sm:py-16',
        className,
      )}
    >
      {icon && (
        <div
          className={cn(
            'mb-4 grid h-14 w-14 place-items-center rounded-2xl border border-[var(--border)] bg-[var(--surface-2)]',
            tone === 'error' ? 'text-[var(--danger)]' : 'text-[var(--accent)]',
          )}
        >
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold tracking-tight text-balance sm:text-xl">{title}</h2>
      {children && <div className="mt-2 max-w-md text-sm text-pretty text-[var(--muted)]">{children}</div>}
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
