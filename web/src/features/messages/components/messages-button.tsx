import { CountBadge } from '../../../components/ui/count-badge';
import { MessageIcon } from '../../../components/ui/icons';
import { useLiveCount } from '../../../lib/live-events';
import { Link } from '../../../lib/router';
import { unreadKey } from '../api/keys';

const EVENTS = ['message', 'conversation'];

/** The messages icon of the top bar: unread messages (then live); it opens /messages, a page of its own. */
export function MessagesButton({ className }: { className: string }) {
  const unread = useLiveCount(unreadKey, 'messages/conversations', EVENTS);
  return (
    <Link to="/messages" aria-label={`Messages${unread ? `, ${unread} unread` : ''}`} className={`relative ${className}`}>
      <MessageIcon />
      <CountBadge count={unread} />
    </Link>
  );
}
