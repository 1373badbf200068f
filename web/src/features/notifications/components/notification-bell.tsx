import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { CountBadge } from '../../../components/ui/count-badge';
import { BellIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api-client';
import { onLive, UnreadParser } from '../../../lib/live-events';
import { notificationsKey, unreadKey } from '../api/keys';

const load = () => import('./notifications-panel');
const Panel = lazy(load);

/** The bell of the top bar: the unread count (one small fetch, then live), and the panel, whose code loads on first open. */
export function NotificationBell({ className }: { className: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useQuery({ queryKey: unreadKey, queryFn: ({ signal }) => api.get('notifications/unread-count', UnreadParser, { signal }) }).data?.unreadCount ?? 0;
  useEffect(() => onLive(['notification', 'open'], () => void client.invalidateQueries({ queryKey: notificationsKey })), [client]);

  return (
    <div className="relative" data-bell>
      <button
        type="button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={() => void load()}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        <CountBadge count={unread} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
