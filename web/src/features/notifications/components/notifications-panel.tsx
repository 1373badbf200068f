import { relativeTime } from '@common/format';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AvatarRowsSkeleton } from '../../../components/ui/avatar-rows-skeleton';
import { Button } from '../../../components/ui/button';
import { BellIcon, CheckIcon, SparkIcon } from '../../../components/ui/icons';
import { PersonLink } from '../../../components/ui/person-link';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { notificationsPageOptions, useMarkRead } from '../api/notifications';
import { targetOf } from '../api/target-of';

/** The bell's panel: notifications newest first, grouped as the server words them, each marked read on its own or all at once. */
export default function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const query = useQuery(notificationsPageOptions(null));
  // The cursors of the older pages asked for with Load more; all are read again when something changes.
  const [cursors, setCursors] = useState<string[]>([]);
  const older = useQueries({ queries: cursors.map((c) => notificationsPageOptions(c)) });
  const pages = [query.data, ...older.map((o) => o.data)];
  const seen = new Set<string>();
  const items = pages.flatMap((p) => p?.results ?? []).filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)));
  const nextCursor = pages.at(-1)?.nextCursor;
  const loadingMore = older.some((o) => o.isPending);
  const unread = query.data?.unreadCount ?? 0;
  const { mark, pending } = useMarkRead();

  useEffect(() => {
    ref.current?.focus();
    const outside = (e: PointerEvent) => {
      if (!(e.target as Element | null)?.closest?.('[data-bell]')) onClose();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      className="animate-fade-in fixed inset-x-2 top-[68px] z-50 flex max-h-[calc(100dvh-80px)] flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-2xl outline-none sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-[400px] sm:max-h-[min(600px,calc(100dvh-80px))]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-[var(--border)] px-4 py-3">
        <h2 className="text-base font-semibold">
          Notifications
          {unread > 0 && <span className="ml-2 text-sm font-normal text-[var(--muted)]">{unread} unread</span>}
        </h2>
        <Button variant="ghost" size="sm" disabled={unread === 0 || pending} onClick={() => void mark()}>
          <CheckIcon size={16} /> Mark all read
        </Button>
      </div>
      <div className="flex-1 overflow-y-auto overscroll-contain">
        <QueryState
          query={query}
          loading={<AvatarRowsSkeleton count={4} label="Loading notifications" className="space-y-1 p-2" rowClassName="flex items-center gap-3 px-2 py-2" />}
          errorTitle="Your notifications did not load"
          errorVariant="inline"
          errorClassName="px-5 py-10 text-center"
          empty={
            <div className="flex flex-col items-center px-6 py-12 text-center">
              <span className="mb-3 grid h-12 w-12 place-items-center rounded-2xl bg-[var(--surface-2)] text-[var(--muted)]">
                <BellIcon />
              </span>
              <p className="font-medium">No notifications yet</p>
              <p className="mt-1 text-sm text-[var(--muted)]">New followers, likes and replies show up here as they happen.</p>
            </div>
          }
          isEmpty={() => items.length === 0}
        >
          {() => (
            <ul className="divide-y divide-[var(--border)]">
              {items.map((n) => (
                <li key={n.id} className={cn('relative flex items-start gap-3 px-4 py-3', !n.read && 'bg-[var(--accent)]/[0.06]')}>
                  {n.actor ? (
                    <PersonLink person={n.actor} size={40} decorative onClick={onClose} className="relative z-10 shrink-0" />
                  ) : (
                    <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-[var(--surface-2)] text-[var(--rating)]" aria-hidden="true">
                      <SparkIcon size={18} />
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <Link
                      to={targetOf(n)}
                      onClick={() => {
                        if (!n.read) void mark([n.id]);
                        onClose();
                      }}
                      className="block rounded text-sm leading-snug after:absolute after:inset-0 focus-ring"
                    >
                      {!n.read && <span className="sr-only">Unread: </span>}
                      {n.text}
                    </Link>
                    <p className="mt-0.5 text-xs text-[var(--muted)]">{relativeTime(n.createdAt)}</p>
                  </div>
                  {!n.read && (
                    <button
                      type="button"
                      aria-label={`Mark read: ${n.text}`}
                      title="Mark read"
                      onClick={() => void mark([n.id])}
                      className="relative z-10 -mr-2 grid h-10 w-10 shrink-0 place-items-center rounded-full hover:bg-[var(--surface-2)] focus-ring"
                    >
                      <span className="h-2.5 w-2.5 rounded-full bg-[var(--accent)]" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {(nextCursor || loadingMore) && (
          <div className="border-t border-[var(--border)] p-3 text-center">
            <Button variant="ghost" size="sm" loading={loadingMore} onClick={() => nextCursor && setCursors([...cursors, nextCursor])}>
              Load more
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
