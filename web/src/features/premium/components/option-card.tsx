import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** A plan or bundle to choose: a toggle button (pressed when chosen). */
export function OptionCard({ selected, onSelect, title, price, detail, tag, icon }: { selected: boolean; onSelect: () => void; title: string; icon?: ReactNode; price: string; detail?: ReactNode; tag?: string }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        'relative flex min-h-32 w-full flex-col items-start gap-1 rounded-2xl border-2 bg-[var(--surface)] p-5 text-left transition-colors duration-150 focus-ring',
        selected ? 'border-[var(--accent)] bg-[var(--accent-soft)]' : 'border-[var(--border)] hover:border-[var(--muted)]',
      )}
    >
      {tag && <span className="rounded-full bg-[var(--rating)] px-2 py-0.5 text-xs font-semibold text-[#1f1402]">{tag}</span>}
      <span className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </span>
      <span className="text-2xl font-bold tabular-nums">{price}</span>
      {detail && <span className="text-sm text-[var(--muted)]">{detail}</span>}
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-4 right-4 grid h-6 w-6 place-items-center rounded-full border-2',
          selected ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-ink)]' : 'border-[var(--border)]',
        )}
      >
        {selected && <CheckIcon size={14} />}
      </span>
    </button>
  );
}
