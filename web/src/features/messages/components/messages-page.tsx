import type { ConversationSchema, PersonCard } from '@common/contracts/people';
import { relativeTime } from '@common/format';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { AvatarRowsSkeleton } from '../../../components/ui/avatar-rows-skeleton';
import { Button } from '../../../components/ui/button';
import { MessageIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { blocksQueryOptions, conversationsQueryOptions, useBlock } from '../api/messages';
import { ConversationView, NewConversation } from './conversation-view';

type Conversation = z.infer<typeof ConversationSchema>;

/** /messages: conversations beside the open one (one at a time on phones). `?c=` opens a conversation, `?to=` one with a person. */
export function MessagesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const c = params.get('c');
  const to = params.get('to');
  const { user } = useCurrentUser();
  const conversations = useQuery(conversationsQueryOptions());
  const list = conversations.data?.results ?? [];
  const withTo = to ? list.find((x) => x.with.id === to) : undefined;

  // A person one already writes to: their conversation.
  useEffect(() => {
    if (withTo) navigate(`/messages?c=${encodeURIComponent(withTo.id)}`, { replace: true });
  }, [withTo, navigate]);

  const open = c ? list.find((x) => x.id === c) : undefined;
  const showing = Boolean(c || to);

  return (
    <div className="-my-2 grid h-[calc(100dvh-64px-40px)] grid-cols-1 gap-4 lg:h-[calc(100dvh-64px-64px)] lg:grid-cols-[340px_minmax(0,1fr)]">
      <aside aria-label="Conversations" className={cn('flex min-h-0 flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)]', showing && 'hidden lg:flex')}>
        <h1 className="border-b border-[var(--border)] px-4 py-3 text-lg font-semibold">Messages</h1>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <QueryState
            query={conversations}
            loading={<AvatarRowsSkeleton label="Loading conversations" avatarClassName="h-11 w-11" lines={['h-3.5 w-1/2', 'h-3 w-4/5']} />}
            errorTitle="Your conversations did not load"
            errorVariant="inline"
            errorClassName="p-5"
            empty={<p className="px-5 py-8 text-sm text-[var(--muted)]">No conversations yet. Open the profile of someone who follows you and choose Message.</p>}
            isEmpty={() => list.length === 0}
          >
            {() => (
              <ul>
                {list.map((x) => (
                  <ConversationRow key={x.id} conversation={x} active={x.id === c} me={user?.id} />
                ))}
              </ul>
            )}
          </QueryState>
        </div>
        <BlockedPeople />
      </aside>

      <section className={cn('flex min-h-0 flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)]', !showing && 'hidden lg:flex')}>
        {c ? (
          <ConversationView key={c} id={c} conversation={open} loading={conversations.isPending} />
        ) : to && !withTo && !conversations.isPending ? (
          <NewConversation key={to} toId={to} />
        ) : (
          <div className="m-auto max-w-xs p-6 text-center">
            <span className="mx-auto mb-3 grid h-12 w-12 place-items-center rounded-2xl bg-[var(--surface-2)] text-[var(--muted)]">
              <MessageIcon />
            </span>
            <p className="font-medium">Your messages</p>
            <p className="mt-1 text-sm text-[var(--muted)]">Choose a conversation to read it. New messages arrive here as they are sent.</p>
          </div>
        )}
      </section>
    </div>
  );
}

function ConversationRow({ conversation: x, active, me }: { conversation: Conversation; active: boolean; me?: string }) {
  const last = x.lastMessage;
  return (
    <li>
      <Link
        to={`/messages?c=${encodeURIComponent(x.id)}`}
        aria-current={active ? 'page' : undefined}
        className={cn('flex items-center gap-3 px-4 py-3 transition-colors hover:bg-[var(--surface-2)] focus-ring', active && 'bg-[var(--surface-2)]')}
      >
        <Avatar name={x.with.displayName} photoURL={x.with.imageUrl} size={44} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', x.unreadCount > 0 ? 'font-semibold' : 'font-medium')}>{x.with.displayName}</span>
            {last && <span className="shrink-0 text-xs text-[var(--muted)]">{relativeTime(last.createdAt)}</span>}
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('truncate text-sm', x.unreadCount > 0 ? 'text-[var(--text)]' : 'text-[var(--muted)]')}>
              {!x.canWrite ? 'Conversation closed' : last ? `${last.senderId === me ? 'You: ' : ''}${last.text}` : ''}
            </span>
            {x.unreadCount > 0 && (
              <span className="ml-auto grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-[var(--accent)] px-1.5 text-[11px] font-semibold text-[var(--accent-ink)] tabular-nums">
                <span className="sr-only">Unread: </span>
                {x.unreadCount}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The people one blocked, each with Unblock. */
function BlockedPeople() {
  const blocks = useQuery(blocksQueryOptions());
  const unblock = useBlock();
  const people: PersonCard[] = blocks.data ?? [];
  return (
    <details className="group border-t border-[var(--border)]">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 text-sm font-medium text-[var(--muted)] hover:text-[var(--text)] focus-ring">
        Blocked people{people.length > 0 && ` (${people.length})`}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="max-h-48 overflow-y-auto px-4 pb-3">
        {people.length === 0 ? (
          <p className="text-sm text-[var(--muted)]">You haven’t blocked anyone.</p>
        ) : (
          <ul className="space-y-2">
            {people.map((p) => (
              <li key={p.id} className="flex items-center gap-3">
                <Avatar name={p.displayName} photoURL={p.imageUrl} size={32} />
                <span className="min-w-0 flex-1 truncate text-sm">{p.displayName}</span>
                <Button variant="secondary" size="sm" aria-label={`Unblock ${p.displayName}`} disabled={unblock.isPending} onClick={() => unblock.mutate({ userId: p.id, block: false })}>
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
