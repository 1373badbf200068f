import { DISCUSSION_BODY_MAX, DISCUSSION_TITLE_MAX, DISCUSSION_TITLE_MIN } from '@common/contracts/communities';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChatIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useCommunities } from '../api/communities';
import { useCreateDiscussion } from '../api/discussions';
import { fieldClass } from './bits';
import { discussionPath } from './top-discussion-card';

/** /createDiscussion: pick one of your communities, then a title, a body and a spoiler flag. */
export function CreateDiscussionPage() {
  const [params] = useSearchParams();
  const mine = useCommunities(true);
  const create = useCreateDiscussion();
  const navigate = useNavigate();
  const id = useId();
  const communities = mine.data?.pages.flatMap((p) => p.results) ?? [];
  const [communityId, setCommunityId] = useState(params.get('communityId') ?? '');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [spoiler, setSpoiler] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);

  // Fetch every page of one's communities, so the picker lists them all.
  useEffect(() => {
    if (mine.hasNextPage && !mine.isFetchingNextPage) void mine.fetchNextPage();
  }, [mine]);

  useEffect(() => {
    if (communities.length && !communities.some((c) => c.communityId === communityId)) setCommunityId(communities[0].communityId);
  }, [communities, communityId]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const t = title.trim();
    if (t.length < DISCUSSION_TITLE_MIN || t.length > DISCUSSION_TITLE_MAX) {
      setTitleError(`The title must be ${DISCUSSION_TITLE_MIN} to ${DISCUSSION_TITLE_MAX} characters.`);
      return;
    }
    setTitleError(null);
    create.mutate(
      { communityId, body: { title: t, body: body.trim(), spoiler } },
      { onSuccess: (d) => navigate(discussionPath(d.communityId, d.discussionId)) },
    );
  };

  return (
    <div className="mx-auto max-w-2xl">
      <title>Create Discussion · Reelhouse</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Start a discussion</h1>
      <p className="mt-1 mb-6 text-sm text-[var(--muted)]">Post in any community you belong to.</p>
      <QueryState
        query={mine}
        loading={<Skeleton className="h-80 w-full rounded-2xl" />}
        errorTitle="Your communities did not load"
        errorIcon={<ChatIcon size={24} />}
        empty={
          <EmptyState icon={<ChatIcon size={24} />} title="Join a community first" action={<Link to="/community" className={buttonClasses('primary')}>Find a community</Link>}>
            Discussions live in communities. Join one (or create your own), then start a thread there.
          </EmptyState>
        }
        isEmpty={() => communities.length === 0}
      >
        {() => (
          <form onSubmit={handleSubmit} noValidate className="space-y-5 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:p-6">
            <div>
              <label htmlFor={`${id}-community`} className="block text-sm font-medium">
                Community
              </label>
              <select id={`${id}-community`} value={communityId} onChange={(e) => setCommunityId(e.target.value)} className={cn(fieldClass, 'mt-1.5 h-11')}>
                {communities.map((c) => (
                  <option key={c.communityId} value={c.communityId}>
                    {c.name}
                    {c.isPublic ? '' : ' (private)'}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-title`} className="block text-sm font-medium">
                Title
              </label>
              <input
                id={`${id}-title`}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                maxLength={DISCUSSION_TITLE_MAX}
                placeholder="Is the ending of Blade Runner better without the voice-over?"
                className={cn(fieldClass, 'mt-1.5')}
                aria-invalid={Boolean(titleError) || undefined}
                aria-describedby={titleError ? `${id}-title-error` : undefined}
              />
              {titleError && (
                <p id={`${id}-title-error`} role="alert" className="mt-1 text-sm text-[var(--danger)]">
                  {titleError}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={`${id}-body`} className="block text-sm font-medium">
                Text <span className="font-normal text-[var(--muted)]">(optional)</span>
              </label>
              <textarea
                id={`${id}-body`}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                maxLength={DISCUSSION_BODY_MAX}
                rows={8}
                placeholder="Say more. Links are made clickable."
                className={cn(fieldClass, 'mt-1.5 resize-y')}
              />
              <p className="mt-1 text-right text-xs text-[var(--muted)] tabular-nums">
                {body.length.toLocaleString('en')} / {DISCUSSION_BODY_MAX.toLocaleString('en')}
              </p>
            </div>
            <label className="flex min-h-10 items-center gap-3 text-sm">
              <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} className="h-5 w-5 accent-[var(--accent)]" />
              Contains spoilers (blurred until a reader asks)
            </label>
            {create.isError && (
              <p role="alert" className="rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm">
                {create.error.message}
              </p>
            )}
            <Button type="submit" size="lg" loading={create.isPending}>
              Post discussion
            </Button>
          </form>
        )}
      </QueryState>
    </div>
  );
}
