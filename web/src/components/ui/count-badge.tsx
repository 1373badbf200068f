/** The small unread count on a top bar icon; nothing when zero. */
export function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span aria-hidden="true" className="absolute top-0.5 right-0.5 min-w-[18px] rounded-full bg-[var(--accent)] px-1 text-center text-[11px] leading-[18px] font-semibold text-[var(--accent-ink)] ring-2 ring-[var(--bg)]">
      {count > 99 ? '99+' : count}
    </span>
  ) : null;
}
