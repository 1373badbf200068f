import { COMMENT_TEXT_MAX } from '@common/contracts/communities';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { type Thread, useCreateComment } from '../api/comments';
import { fieldClass } from './bits';

/** Writes a comment, or a reply when parentId is given. */
export function CommentComposer({ thread, parentId, label, onDone, autoFocus }: { thread: Thread; parentId?: string; label: string; onDone?: () => void; autoFocus?: boolean }) {
  const create = useCreateComment(thread);
  const [text, setText] = useState('');
  const [spoiler, setSpoiler] = useState(false);
  const id = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    create.mutate(
      { text: text.trim(), parentId: parentId ?? null, spoiler },
      {
        onSuccess: () => {
          setText('');
          setSpoiler(false);
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} className="space-y-2">
      <textarea
        id={id}
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={COMMENT_TEXT_MAX}
        rows={parentId ? 2 : 3}
        // biome-ignore lint/a11y/noAutofocus: a reply box opens because the reader asked to reply
        autoFocus={autoFocus}
        placeholder={parentId ? 'Write a reply' : 'Add to the discussion'}
        className={cn(fieldClass, 'resize-y')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-10 items-center gap-2 text-xs text-[var(--muted)]">
          <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} className="h-4 w-4 accent-[var(--accent)]" />
          Spoiler
        </label>
        <span className="flex gap-2">
          {onDone && parentId && (
            <Button variant="ghost" size="sm" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" loading={create.isPending} disabled={!text.trim()}>
            {parentId ? 'Reply' : 'Comment'}
          </Button>
        </span>
      </div>
      {create.isError && (
        <p role="alert" className="text-sm text-[var(--danger)]">
          {create.error.message}
        </p>
      )}
    </form>
  );
}
