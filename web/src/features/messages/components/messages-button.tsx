import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CountBadge } from '../../../components/ui/count-badge';
import { MessageIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api-client';
import { onLive, UnreadParser } from '../../../lib/live-events';
import { messagesKey, unreadKey } from '../api/keys';

/** The messages icon of the top bar: unread messages (then live); it opens /messages, a page of its own. */
export function MessagesButton({ className }: { className: string }) {
  const client = useQueryClient();
  const unread = useQuery({ queryKey: unreadKey, queryFn: ({ signal }) => api.get('messages/conversations', UnreadParser, { signal }) }).data?.unreadCount ?? 0;
  useEffect(() => onLive(['message', 'conversation', 'open'], () => void client.invalidateQueries({ queryKey: messagesKey })), [client]);
  return (
    <Link to="/messages" aria-label={unread ? `Messages, ${unread} unread` : 'Messages'} className={`relative ${className}`}>
      <MessageIcon />
      <CountBadge count={unread} />
    </Link>
  );
}
