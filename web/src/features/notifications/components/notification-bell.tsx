import { lazy, Suspense, useState } from 'react';
import { CountBadge } from '../../../components/ui/count-badge';
import { BellIcon } from '../../../components/ui/icons';
import { useLiveCount } from '../../../lib/live-events';
import { unreadKey } from '../api/keys';

const load = () => import('./notifications-panel');
const Panel = lazy(load);
const EVENTS = ['notification'];

/** The bell of the top bar: the unread count (one small fetch, then live), and the panel, whose code loads on first open. */
export function NotificationBell({ className }: { className: string }) {
  const [open, setOpen] = useState(false);
  const unread = useLiveCount(unreadKey, 'notifications/unread-count', EVENTS);
  return (
    <div className="relative" data-bell>
      <button
        type="button"
        aria-label={`Notifications${unread ? `, ${unread} unread` : ''}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={load}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        <CountBadge count={unread} />
      </button>
      {open && (
        <Suspense>
          <Panel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
