import { type Comment, DISCUSSION_BODY_MAX, DISCUSSION_TITLE_MAX, type Discussion, type Reply } from '@common/contracts/communities';
import { relativeTime } from '@common/format';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowLeftIcon, ChatIcon, PenIcon, TrashIcon } from '../../../components/ui/icons';
import { LikeButton } from '../../../components/ui/like-button';
import { PersonLink } from '../../../components/ui/person-link';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton, SkeletonList } from '../../../components/ui/skeleton';
import { SpoilerBlock } from '../../../components/ui/spoiler-block';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useHighlight } from '../../../lib/highlight';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useComments } from '../api/comments';
import { reportDiscussion, useDeleteDiscussion, useDiscussion, useLikeDiscussion, useLockDiscussion, useUpdateDiscussion } from '../api/discussions';
import { ContentReportDialog, Edited, fieldClass } from './bits';
import { CommentComposer } from './comment-composer';
import { CommentNode } from './comment-thread';
import { communityPath } from './community-card';
import { CommunityImage } from './community-image';
import { FlagIcon, LockIcon } from './icons';
import { PlainText } from './plain-text';

/** community/{communityId}/discussions/{discussionId}: the discussion, its likes, and its comments with their reply threads. */
export function DiscussionPage({ communityId, discussionId }: { communityId: string; discussionId: string }) {
  const discussion = useDiscussion(discussionId);
  const missing = discussion.isError && isApiError(discussion.error) && (discussion.error.status === 404 || discussion.error.status === 400);
  if (missing || (discussion.data && discussion.data.communityId !== communityId)) return <DiscussionNotFound />;
  return (
    <QueryState
      query={discussion}
      loading={
        <div className="mx-auto max-w-3xl" role="status" aria-label="Loading the discussion">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-4 h-9 w-3/4" />
          <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
        </div>
      }
      errorTitle="This discussion did not load"
      errorIcon={<ChatIcon size={24} />}
    >
      {(d) => <DiscussionView discussion={d} />}
    </QueryState>
  );
}

function DiscussionNotFound() {
  return (
    <>
      <title>Discussion not found · Reelhouse</title>
      <EmptyState
        icon={<ChatIcon size={24} />}
        title="We can’t find this discussion"
        action={
          <Link to="/discussions" className={buttonClasses('primary')}>
            Browse discussions
          </Link>
        }
      >
        It may have been deleted, the link may be mistyped, or it belongs to a private community you are not a member of.
      </EmptyState>
    </>
  );
}

function DiscussionView({ discussion }: { discussion: Discussion }) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const like = useLikeDiscussion(discussion.discussionId);
  const remove = useDeleteDiscussion(discussion.discussionId);
  const lock = useLockDiscussion(discussion.communityId, discussion.discussionId);
  const navigate = useNavigate();
  const author = discussion.author?.displayName ?? 'Anonymous';

  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${discussion.title} · ${discussion.communityName} · Reelhouse`}</title>
      <Link to={communityPath(discussion.communityId)} className="inline-flex min-h-10 items-center gap-2 rounded-lg pr-2 text-sm font-medium text-[var(--muted)] hover:text-[var(--text)] focus-ring">
        <ArrowLeftIcon size={16} />
        <CommunityImage id={discussion.communityId} name={discussion.communityName} src={discussion.communityImage} className="h-6 w-6 rounded-md" />
        <span className="truncate">{discussion.communityName}</span>
      </Link>

      <article aria-labelledby="discussion-title" className="mt-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:p-6">
        {editing ? (
          <EditDiscussion discussion={discussion} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2 text-xs text-[var(--muted)]">
              <PersonLink person={discussion.author} size={28} name={author} nameClassName="font-semibold text-[var(--text)]" />
              <span>
                · <time dateTime={discussion.createdAt}>{relativeTime(discussion.createdAt)}</time>
                <Edited at={discussion.editedAt} />
              </span>
              {discussion.locked && (
                <span className="inline-flex items-center gap-1 rounded-full bg-[var(--rating)]/15 px-2 py-0.5 font-semibold text-[var(--rating)]">
                  <LockIcon size={12} /> Locked
                </span>
              )}
            </div>
            <SpoilerBlock spoiler={discussion.spoiler} label="spoiler discussion">
              <h1 id="discussion-title" className="mt-3 text-xl leading-snug font-semibold tracking-tight break-words sm:text-2xl">
                {discussion.title}
              </h1>
              {discussion.body && <PlainText text={discussion.body} className="mt-3 text-[0.95rem]" testId="discussion-body" />}
            </SpoilerBlock>
            <div className="mt-4 flex flex-wrap items-center gap-1 border-t border-[var(--border)] pt-3">
              <LikeButton liked={discussion.likedByMe} count={discussion.likeCount} label="this discussion" disabled={!discussion.abilities.like} onToggle={() => like.mutate(!discussion.likedByMe)} testId="discussion-like-count" />
              <span className="inline-flex h-10 items-center gap-1.5 px-2 text-sm text-[var(--muted)] tabular-nums sm:h-8">
                <ChatIcon size={16} /> {discussion.commentCount} {discussion.commentCount === 1 ? 'comment' : 'comments'}
              </span>
              <span className="ml-auto flex flex-wrap items-center gap-1">
                {discussion.abilities.edit && (
                  <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                    <PenIcon size={15} /> Edit
                  </Button>
                )}
                {discussion.abilities.lock && (
                  <Button variant="ghost" size="sm" loading={lock.isPending} onClick={() => lock.mutate(!discussion.locked)}>
                    <LockIcon size={15} /> {discussion.locked ? 'Unlock' : 'Lock'}
                  </Button>
                )}
                {discussion.abilities.delete && (
                  <ConfirmButton
                    label={<><TrashIcon size={15} /> Delete</>}
                    question="Delete this discussion and its comments?"
                    confirmLabel="Delete"
                    busy={remove.isPending}
                    onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(communityPath(discussion.communityId), { replace: true }) })}
                  />
                )}
                {discussion.abilities.report && (
                  <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
                    <FlagIcon size={15} /> Report
                  </Button>
                )}
              </span>
            </div>
            {(remove.isError || lock.isError) && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{(remove.error ?? lock.error)?.message}</p>}
          </>
        )}
      </article>
      {reporting && <ContentReportDialog what="discussion" onClose={() => setReporting(false)} send={(reason) => reportDiscussion(discussion.discussionId, reason)} />}
      <CommentsSection discussion={discussion} />
    </div>
  );
}

function EditDiscussion({ discussion, onDone }: { discussion: Discussion; onDone: () => void }) {
  const update = useUpdateDiscussion(discussion.discussionId);
  const [title, setTitle] = useState(discussion.title);
  const [body, setBody] = useState(discussion.body);
  const [spoiler, setSpoiler] = useState(discussion.spoiler);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ title: title.trim(), body: body.trim(), spoiler }, { onSuccess: onDone });
      }}
    >
      <h1 id="discussion-title" className="text-lg font-semibold">
        Edit your discussion
      </h1>
      <input aria-label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={DISCUSSION_TITLE_MAX} className={fieldClass} />
      <textarea aria-label="Text" value={body} onChange={(e) => setBody(e.target.value)} maxLength={DISCUSSION_BODY_MAX} rows={8} className={cn(fieldClass, 'resize-y')} />
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} className="h-4 w-4 accent-[var(--accent)]" />
        Contains spoilers
      </label>
      {update.isError && <p role="alert" className="text-sm text-[var(--danger)]">{update.error.message}</p>}
      <div className="flex gap-2">
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type AnyComment = Comment | Reply;

function CommentsSection({ discussion }: { discussion: Discussion }) {
  const thread = { communityId: discussion.communityId, discussionId: discussion.discussionId };
  const comments = useComments(thread);
  const [focus, setFocus] = useState<AnyComment | null>(null);
  const top = useRef<HTMLElement>(null);
  const results = comments.data?.pages.flatMap((p) => p.results) ?? [];
  // A link to a comment (a notification) names it, its thread and the page holding that: the pages up to it load,
  // then it is scrolled to and ringed (the reply itself when shown, else its thread).
  const [params] = useSearchParams();
  const target = params.get('comment');
  const targetPage = Math.max(1, Number(params.get('page')) || 1);
  const loadedPages = comments.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  useEffect(() => {
    if (target && loadedPages > 0 && loadedPages < targetPage && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [target, targetPage, loadedPages, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useHighlight([target && `comment-${target}`, params.get('thread') && `comment-${params.get('thread')}`], loadedPages > 0 && (loadedPages >= targetPage || !hasNextPage));
  const handleContinue = (c: AnyComment) => {
    setFocus(c);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section ref={top} aria-labelledby="comments-heading" className="mt-8 scroll-mt-20">
      <h2 id="comments-heading" className="text-lg font-semibold">
        Comments <span className="text-base font-medium text-[var(--muted)] tabular-nums">{discussion.commentCount}</span>
      </h2>
      <div className="mt-3">
        {discussion.abilities.comment ? (
          <CommentComposer thread={thread} label="Write a comment" />
        ) : (
          <p className="rounded-xl border border-dashed border-[var(--border)] px-4 py-3 text-sm text-[var(--muted)]">
            {discussion.locked ? 'This discussion is locked: it takes no new comments.' : 'Join the community to comment.'}
          </p>
        )}
      </div>

      {focus ? (
        <div className="mt-6">
          <Button variant="ghost" size="sm" onClick={() => setFocus(null)}>
            <ArrowLeftIcon size={16} /> Back to all comments
          </Button>
          <div className="mt-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)]/50 p-3 sm:p-4">
            <CommentNode key={focus.commentId} comment={focus} depth={0} thread={thread} onContinue={handleContinue} expandAll />
          </div>
        </div>
      ) : (
        <QueryState
          query={comments}
          loading={<SkeletonList label="Loading comments" className="mt-6 space-y-3" itemClassName="h-20 w-full rounded-2xl" />}
          errorTitle="The comments did not load"
          errorVariant="box"
          errorClassName="mt-6"
          empty={<p className="mt-6 text-sm text-[var(--muted)]">{discussion.abilities.comment ? 'No comments yet. Say what you think.' : 'No comments.'}</p>}
          isEmpty={() => results.length === 0}
        >
          {() => (
            <>
              <ul className="mt-6 space-y-5">
                {results.map((c) => (
                  <li key={c.commentId}>
                    <CommentNode comment={c} depth={0} thread={thread} onContinue={handleContinue} />
                  </li>
                ))}
              </ul>
              {comments.hasNextPage && (
                <div className="mt-6 flex justify-center">
                  <Button variant="secondary" onClick={() => comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
                    Load more comments
                  </Button>
                </div>
              )}
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
