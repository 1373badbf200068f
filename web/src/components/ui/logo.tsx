import { cn } from '../../lib/cn';

/** The Reelhouse mark: a film reel with a warm ring. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-8 w-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-[var(--surface-3)]" />
      <circle cx="16" cy="16" r="10" fill="none" stroke="var(--accent)" strokeWidth="3" />
      <circle cx="16" cy="16" r="2.5" fill="var(--accent)" />
      <circle cx="16" cy="9.5" r="1.8" fill="var(--rating)" />
      <circle cx="22.5" cy="16" r="1.8" fill="var(--rating)" />
      <circle cx="16" cy="22.5" r="1.8" fill="var(--rating)" />
      <circle cx="9.5" cy="16" r="1.8" fill="var(--rating)" />
    </svg>
  );
}

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className={cn('text-lg font-semibold tracking-tight text-[var(--text)]', compact && 'max-sm:sr-only')}>Reelhouse</span>
    </span>
  );
}
