import type { ConversationSchema, Message, PersonCard } from '@common/contracts/people';
import { relativeTime } from '@common/format';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { Link, useNavigate } from '../../../lib/router';
import { blocksQueryOptions, conversationQueryOptions, personQueryOptions, useBlock, useSendMessage } from '../api/messages';

type Conversation = z.infer<typeof ConversationSchema>;
const MESSAGE_MAX = 2000;
const profilePath = (p: PersonCard) => `/profile/${encodeURIComponent(p.username ?? p.id)}`;

/** One conversation: older pages on demand, live arrivals (the top bar's live events refresh it), writing, blocking. */
export function ConversationView({ id, conversation, loading }: { id: string; conversation?: Conversation; loading: boolean }) {
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const query = useInfiniteQuery(conversationQueryOptions(id, client));
  const listRef = useRef<HTMLDivElement>(null);
  const messages = (query.data?.pages.flatMap((p) => p.results) ?? []).slice().reverse();
  const newest = messages.at(-1)?.id;

  // The newest message in view whenever one arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the newest message changes
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  if (query.isError) {
    return (
      <div role="alert" className="m-auto max-w-sm p-6 text-center text-sm">
        <p>This conversation did not load. {query.error.message}</p>
        <Link to="/messages" className="mt-3 inline-block text-[var(--accent)] underline">
          Back to messages
        </Link>
      </div>
    );
  }
  const other = conversation?.with;
  return (
    <>
      <ConversationHeader person={other} loading={loading && !other} />
      <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5" aria-live="polite" aria-relevant="additions">
        {query.hasNextPage && (
          <div className="mb-3 text-center">
            <Button variant="ghost" size="sm" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
              Load older messages
            </Button>
          </div>
        )}
        {query.isPending ? (
          <div role="status" aria-label="Loading messages" className="space-y-3">
            <div aria-hidden="true" className="skeleton rounded-lg h-10 w-2/3 rounded-2xl" />
            <div aria-hidden="true" className="skeleton rounded-lg ml-auto h-10 w-1/2 rounded-2xl" />
            <div aria-hidden="true" className="skeleton rounded-lg h-10 w-3/5 rounded-2xl" />
          </div>
        ) : messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-[var(--muted)]">No messages yet. Say hello.</p>
        ) : (
          <ol className="space-y-2" aria-label="Messages">
            {messages.map((m) => (
              <Bubble key={m.id} message={m} mine={m.senderId === user?.id} />
            ))}
          </ol>
        )}
      </div>
      {other && (conversation.canWrite ? <Composer toId={other.id} name={other.displayName} /> : <Closed person={other} />)}
    </>
  );
}

/** A conversation not started yet (/messages?to=): who it is with, and the box to write the first message. */
export function NewConversation({ toId }: { toId: string }) {
  const navigate = useNavigate();
  const person = useQuery(personQueryOptions(toId));
  if (person.isError) {
    return (
      <div role="alert" className="m-auto max-w-sm p-6 text-center text-sm">
        <p>This person could not be found. {person.error.message}</p>
        <Link to="/messages" className="mt-3 inline-block text-[var(--accent)] underline">
          Back to messages
        </Link>
      </div>
    );
  }
  return (
    <>
      <ConversationHeader person={person.data} loading={person.isPending} />
      <p className="m-auto max-w-xs px-6 text-center text-sm text-[var(--muted)]">
        {person.data ? `Start a conversation with ${person.data.displayName}.` : ''}
      </p>
      {person.data && (
        <Composer toId={toId} name={person.data.displayName} onSent={(m) => navigate(`/messages?c=${encodeURIComponent(m.conversationId)}`, { replace: true })} />
      )}
    </>
  );
}

function ConversationHeader({ person, loading }: { person?: PersonCard; loading: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const blocks = useQuery(blocksQueryOptions());
  const block = useBlock();
  const blocked = Boolean(person && blocks.data?.some((p) => p.id === person.id));
  return (
    <div className="border-b border-[var(--border)]">
      <div className="flex items-center gap-2 px-2 py-2 sm:px-4">
        <Link to="/messages" aria-label="Back to conversations" className="grid h-10 w-10 shrink-0 place-items-center rounded-full hover:bg-[var(--surface-2)] focus-ring lg:hidden">
          <ArrowLeftIcon />
        </Link>
        {person ? (
          <Link to={profilePath(person)} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-ring">
            <Avatar name={person.displayName} photoURL={person.imageUrl} size={40} />
            <h2 className="truncate font-semibold">{person.displayName}</h2>
          </Link>
        ) : (
          <div className="flex flex-1 items-center gap-3">
            {loading && <div aria-hidden="true" className="skeleton rounded-lg h-10 w-10 rounded-full" />}
            {loading && <div aria-hidden="true" className="skeleton rounded-lg h-4 w-32" />}
          </div>
        )}
        {person && !blocked && (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-expanded={confirming}>
            Block
          </Button>
        )}
      </div>
      {person && confirming && !blocked && (
        <div role="alertdialog" aria-label={`Block ${person.displayName}?`} className="flex flex-wrap items-center gap-3 border-t border-[var(--border)] bg-[var(--surface-2)] px-4 py-3 text-sm">
          <p className="min-w-0 flex-1 basis-60">
            Block {person.displayName}? Neither of you can write to the other any more, and follows between you end.
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              size="sm"
              loading={block.isPending}
              onClick={() => block.mutate({ userId: person.id, block: true }, { onSuccess: () => setConfirming(false) })}
            >
              Block {person.displayName}
            </Button>
          </div>
          {block.isError && <p role="alert" className="w-full text-[var(--danger)]">{block.error.message}</p>}
        </div>
      )}
    </div>
  );
}

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap sm:max-w-[70%]',
          mine ? 'rounded-br-md bg-[var(--accent)] text-[var(--accent-ink)]' : 'rounded-bl-md bg-[var(--surface-2)]',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : ''}</span>
        {message.text}
      </p>
      <span className="mt-0.5 px-1 text-[11px] text-[var(--muted)]">{relativeTime(message.createdAt)}</span>
    </li>
  );
}

function Composer({ toId, name, onSent }: { toId: string; name: string; onSent?: (m: Message) => void }) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const trimmed = text.trim();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!trimmed || send.isPending) return;
    send.mutate(
      { toId, text: trimmed },
      {
        onSuccess: (m) => {
          setText('');
          onSent?.(m);
        },
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };
  return (
    <form onSubmit={submit} className="border-t border-[var(--border)] p-3">
      {send.isError && (
        <p role="alert" className="mb-2 rounded-lg bg-[var(--danger)]/10 px-3 py-2 text-sm text-[var(--danger)]">
          {send.error.message}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor="message-text">
          Message to {name}
        </label>
        <textarea
          id="message-text"
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message ${name}`}
          className="max-h-36 min-h-11 flex-1 resize-none rounded-xl border border-[var(--border)] bg-[var(--bg)] px-3 py-2.5 text-[15px] focus-ring [field-sizing:content]"
        />
        <Button type="submit" disabled={!trimmed} loading={send.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}

/** A conversation after a block: no writing; the one who blocked may unblock. */
function Closed({ person }: { person: PersonCard }) {
  const blocks = useQuery(blocksQueryOptions());
  const unblock = useBlock();
  const mine = blocks.data?.some((p) => p.id === person.id);
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-3 border-t border-[var(--border)] bg-[var(--surface-2)] px-4 py-3 text-center text-sm">
      <p>{mine ? `You blocked ${person.displayName}. This conversation is closed.` : 'This conversation is closed. You can no longer write to each other.'}</p>
      {mine && (
        <Button variant="secondary" size="sm" loading={unblock.isPending} onClick={() => unblock.mutate({ userId: person.id, block: false })}>
          Unblock
        </Button>
      )}
    </div>
  );
}
