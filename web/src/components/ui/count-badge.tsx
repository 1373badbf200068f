/** The small unread count on a top bar icon; nothing when zero. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute top-0.5 right-0.5 grid h-[18px] min-w-[18px] place-items-center rounded-full bg-[var(--accent)] px-1 text-[11px] leading-none font-semibold text-[var(--accent-ink)] tabular-nums ring-2 ring-[var(--bg)]"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
