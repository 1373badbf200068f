import type { ReactNode } from 'react';

/** A home section that failed or is empty: one sentence and, when it helps, a next step. */
export function SectionNotice({ children, action }: { children: ReactNode; action?: { label: string; onClick: () => void } }) {
  return (
    <div role={action ? 'alert' : undefined} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface)]/60 px-5 py-6 text-sm text-[var(--muted)]">
      <p className="max-w-prose text-pretty">{children}</p>
      {action && (
        <button type="button" onClick={action.onClick} className="h-10 rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-4 font-medium text-[var(--text)] hover:bg-[var(--surface-3)] focus-ring">
          {action.label}
        </button>
      )}
    </div>
  );
}
