import type { ReactNode } from 'react';

export const noticeButtonClass =
  'inline-flex h-10 items-center rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-4 font-medium text-[var(--text)] hover:bg-[var(--surface-3)] focus-ring';

/** A home row that failed or is empty: one sentence and, when it helps, a next step (a button or a link). */
export function Notice({ children, action, icon, alert = false }: { children: ReactNode; action?: ReactNode; icon?: ReactNode; alert?: boolean }) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface)]/60 px-5 py-6 text-sm text-[var(--muted)]"
    >
      {icon ? (
        <p className="flex max-w-prose items-start gap-3 text-pretty">
          {icon}
          <span>{children}</span>
        </p>
      ) : (
        <p className="max-w-prose text-pretty">{children}</p>
      )}
      {action}
    </div>
  );
}
