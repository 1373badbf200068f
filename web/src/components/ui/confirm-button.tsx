import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

interface ConfirmButtonProps {
  label: ReactNode;
  confirmLabel: string;
  question: string;
  onConfirm: () => void;
  busy?: boolean;
  size?: 'xs' | 'sm' | 'md';
  className?: string;
}

/** A button that asks once more, in place, before doing something that cannot be undone. */
export function ConfirmButton({ label, confirmLabel, question, onConfirm, busy, size = 'sm', className }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={cn(
          'inline-flex items-center justify-center gap-1.5 rounded-xl font-medium whitespace-nowrap text-[var(--muted)] transition-colors duration-150 hover:bg-[var(--surface-2)] hover:text-[var(--danger)] focus-ring',
          size === 'xs' ? 'h-10 rounded-full px-2 text-xs sm:h-8 sm:px-2.5' : size === 'sm' ? 'h-10 px-3 text-sm sm:h-9' : 'h-11 border border-[var(--border)] px-4 text-sm',
          className,
        )}
      >
        {label}
      </button>
    );
  }
  return (
    <fieldset className="inline-flex flex-wrap items-center gap-2 rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-2 py-1 text-sm">
      <legend className="sr-only">{question}</legend>
      <span className="px-1" aria-hidden="true">
        {question}
      </span>
      <Button variant="danger" size="sm" loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </fieldset>
  );
}
