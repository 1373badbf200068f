import { COMMENT_TEXT_MAX, type Comment, type CommentCollapsed, type Reply } from '@common/contracts/communities';
import { relativeTime } from '@common/format';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ChevronDownIcon, ChevronRightIcon, PenIcon, TrashIcon } from '../../../components/ui/icons';
import { LikeButton } from '../../../components/ui/like-button';
import { PersonLink } from '../../../components/ui/person-link';
import { SpoilerBlock } from '../../../components/ui/spoiler-block';
import { cn } from '../../../lib/cn';
import { reportComment, type Thread, useDeleteComment, useLikeComment, useReplies, useUpdateComment } from '../api/comments';
import { ContentReportDialog, Edited, fieldClass } from './bits';
import { CommentComposer } from './comment-composer';
import { FlagIcon, ReplyIcon } from './icons';
import { PlainText } from './plain-text';

type AnyComment = Comment | Reply;

/** What a collapsed comment says in its place, by the reason the server gives. */
export const COLLAPSED_TEXT: Record<CommentCollapsed, string> = {
  blocked: 'Comment from someone you blocked',
  unavailable: "This comment isn't available",
  removed: 'Comment removed by a moderator',
};
const COLLAPSED_NAME: Record<CommentCollapsed, string> = { blocked: 'someone you blocked', unavailable: 'an unavailable comment', removed: 'a removed comment' };
const COLLAPSED_WHO: Record<CommentCollapsed, string> = {
  blocked: 'a comment from someone you blocked',
  unavailable: "a comment that isn't available",
  removed: 'a comment removed by a moderator',
};

/** Levels that indent; deeper replies line up with the last indented level, so text never gets squeezed. */
export const INDENT_CAP = 4;
/** Below this depth a thread continues in its own view ("Continue this thread"). */
export const INLINE_DEPTH = 6;

const small = 'inline-flex h-10 items-center gap-1.5 rounded-full px-2 sm:px-2.5 text-xs font-medium text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring sm:h-8';

export function CommentNode({
  comment,
  depth,
  thread,
  onContinue,
  expandAll = false,
  parentName,
}: {
  comment: AnyComment;
  depth: number;
  thread: Thread;
  onContinue: (c: AnyComment) => void;
  expandAll?: boolean;
  /** Said beside the name where indentation no longer shows whom a reply answers. */
  parentName?: string;
}) {
  const [collapsed, setCollapsed] = useState(false);
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [showAll, setShowAll] = useState(expandAll);
  const like = useLikeComment(thread, comment.commentId);
  const remove = useDeleteComment(thread, comment.commentId);
  const initial = 'replies' in comment ? comment.replies : [];
  const replies = useReplies(thread, comment.commentId, showAll && comment.replyCount > 0);
  const loaded = replies.data?.pages.flatMap((p) => p.results);
  const children: AnyComment[] = loaded ?? initial;
  const remaining = Math.max(0, comment.replyCount - children.length);
  // A comment the reader may not see keeps its place collapsed, its replies kept; it says why only as far as the
  // reader may know (the server decides: a block by the other person reads as "not available").
  const hiddenAs = comment.deleted ? null : comment.collapsed;
  const gone = comment.deleted || hiddenAs !== null;
  const name = comment.deleted ? 'deleted' : hiddenAs !== null ? COLLAPSED_NAME[hiddenAs] : (comment.author?.displayName ?? 'Anonymous');
  const who = comment.deleted ? 'a deleted comment' : hiddenAs !== null ? COLLAPSED_WHO[hiddenAs] : `the comment by ${name}`;

  return (
    <article
      id={`comment-${comment.commentId}`}
      aria-label={comment.deleted ? 'Deleted comment' : hiddenAs !== null ? COLLAPSED_TEXT[hiddenAs] : `Comment by ${name}`}
      className="min-w-0 scroll-mt-24"
      data-depth={comment.depth}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => setCollapsed((c) => !c)}
          aria-expanded={!collapsed}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${who}`}
          className="grid h-10 w-7 shrink-0 place-items-center rounded-lg text-[var(--muted)] hover:text-[var(--text)] focus-ring sm:h-8"
        >
          {collapsed ? <ChevronRightIcon size={16} /> : <ChevronDownIcon size={16} />}
        </button>
        {comment.deleted ? (
          <span className="text-sm text-[var(--muted)] italic">deleted</span>
        ) : hiddenAs !== null ? (
          <span className="text-sm text-[var(--muted)] italic" data-testid={`comment-${hiddenAs}`}>
            {COLLAPSED_TEXT[hiddenAs]}
          </span>
        ) : (
          <PersonLink person={comment.author} size={26} name={name} nameClassName="text-sm font-semibold" />
        )}
        <span className="shrink-0 text-xs text-[var(--muted)]">
          · <time dateTime={comment.createdAt}>{relativeTime(comment.createdAt)}</time>
          <Edited at={comment.editedAt} />
        </span>
        {parentName && depth >= INDENT_CAP && (
          <span className="hidden min-w-0 truncate text-xs text-[var(--muted)] sm:inline">
            <ReplyIcon size={12} className="mr-1 inline" />
            {parentName}
          </span>
        )}
        {collapsed && comment.replyCount > 0 && (
          <span className="shrink-0 text-xs text-[var(--muted)]">
            · {comment.replyCount} {comment.replyCount === 1 ? 'reply' : 'replies'} hidden
          </span>
        )}
      </div>

      {!collapsed && (
        <div className="ml-3.5 border-l border-[var(--border)] pl-3 hover:border-[var(--surface-3)] sm:pl-4">
          {!gone &&
            (editing ? (
              <EditComment comment={comment} thread={thread} onDone={() => setEditing(false)} />
            ) : (
              <div className="pt-1 text-sm">
                <SpoilerBlock spoiler={comment.spoiler} label="spoiler comment">
                  <PlainText text={comment.text} testId="comment-text" />
                </SpoilerBlock>
              </div>
            ))}

          {!gone && !editing && (
            <div className="mt-1 flex flex-wrap items-center gap-1">
              <LikeButton liked={comment.likedByMe} count={comment.likeCount} label={who} disabled={!comment.abilities.like} onToggle={() => like.mutate(!comment.likedByMe)} testId="comment-like-count" />
              {comment.abilities.reply && (
                <button type="button" className={small} onClick={() => setReplying((r) => !r)} aria-expanded={replying}>
                  <ReplyIcon size={14} /> Reply<span className="sr-only"> to {name}</span>
                </button>
              )}
              {comment.abilities.edit && (
                <button type="button" className={small} onClick={() => setEditing(true)}>
                  <PenIcon size={14} /> Edit
                </button>
              )}
              {comment.abilities.delete && (
                <ConfirmButton label={<><TrashIcon size={14} /> Delete</>} question="Delete this comment?" confirmLabel="Delete" busy={remove.isPending} onConfirm={() => remove.mutate()} size="xs" />
              )}
              {comment.abilities.report && (
                <button type="button" className={small} onClick={() => setReporting(true)}>
                  <FlagIcon size={14} /> Report
                </button>
              )}
            </div>
          )}
          {remove.isError && <p role="alert" className="text-sm text-[var(--danger)]">{remove.error.message}</p>}

          {replying && (
            <div className="mt-2 mb-3">
              <CommentComposer thread={thread} parentId={comment.commentId} label={`Reply to ${name}`} onDone={() => { setReplying(false); setShowAll(true); }} autoFocus />
            </div>
          )}

        </div>
      )}
      {!collapsed && (
        <div className={cn(depth + 1 < INDENT_CAP ? 'ml-2 border-l border-[var(--border)] pl-2 sm:ml-3.5 sm:pl-4' : 'pl-0')}>
          {comment.replyCount > 0 && depth + 1 >= INLINE_DEPTH ? (
            <button type="button" className={cn(small, 'mt-1 text-[var(--accent)]')} onClick={() => onContinue(comment)}>
              Continue this thread ({comment.replyCount} {comment.replyCount === 1 ? 'reply' : 'replies'}) <ChevronRightIcon size={14} />
            </button>
          ) : (
            <>
              {children.length > 0 && (
                <ul className="mt-2 space-y-3">
                  {children.map((child) => (
                    <li key={child.commentId}>
                      <CommentNode comment={child} depth={depth + 1} thread={thread} onContinue={onContinue} parentName={name} />
                    </li>
                  ))}
                </ul>
              )}
              {remaining > 0 && (
                <button
                  type="button"
                  className={cn(small, 'mt-1 text-[var(--accent)]')}
                  onClick={() => (showAll ? replies.fetchNextPage() : setShowAll(true))}
                  disabled={replies.isFetching}
                >
                  {replies.isFetching ? 'Loading replies…' : `Show ${remaining} more ${remaining === 1 ? 'reply' : 'replies'}`}
                </button>
              )}
              {replies.isError && <p role="alert" className="text-sm text-[var(--danger)]">The replies did not load. {replies.error.message}</p>}
            </>
          )}
        </div>
      )}
      {reporting && <ContentReportDialog what="comment" onClose={() => setReporting(false)} send={(reason) => reportComment(thread, comment.commentId, reason)} />}
    </article>
  );
}

function EditComment({ comment, thread, onDone }: { comment: AnyComment; thread: Thread; onDone: () => void }) {
  const update = useUpdateComment(thread, comment.commentId);
  const [text, setText] = useState(comment.text);
  const [spoiler, setSpoiler] = useState(comment.spoiler);
  return (
    <form
      className="space-y-2 pt-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) update.mutate({ text: text.trim(), spoiler }, { onSuccess: onDone });
      }}
    >
      <textarea aria-label="Edit your comment" value={text} onChange={(e) => setText(e.target.value)} maxLength={COMMENT_TEXT_MAX} rows={3} className={cn(fieldClass, 'resize-y')} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-10 items-center gap-2 text-xs text-[var(--muted)]">
          <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} className="h-4 w-4 accent-[var(--accent)]" />
          Spoiler
        </label>
        <span className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={update.isPending}>
            Save
          </Button>
        </span>
      </div>
      {update.isError && <p role="alert" className="text-sm text-[var(--danger)]">{update.error.message}</p>}
    </form>
  );
}
