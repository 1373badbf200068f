import { REVIEW_MAX } from '@common/contracts/ratings';
import type { TitleType } from '@common/contracts/titles';
import { formatReleaseDate } from '@common/format';
import { isReleased } from '@common/release-date';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { BookmarkIcon, PenIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { onWatchlistKey, useWatchlistToggle } from '../../../lib/watchlist';
import { useMyTitleState } from '../api/get-my-title-state';
import { type SaveRatingInput, useDeleteRating, useSaveRating } from '../api/save-rating';
import { StarPicker } from './star-picker';

const loadAddToList = () => import('./add-to-list-dialog');
const AddToListDialog = lazy(loadAddToList);

export interface RatedTitle {
  id: string;
  type: TitleType;
  title: string;
  releaseDate: string | null;
  year: number | null;
}

const panelClass = 'rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4';

/** The reader's own rating, review and watchlist for a title: made, edited and deleted in place. */
export function MyRating({ title }: { title: RatedTitle }) {
  const { user, status } = useCurrentUser();
  const noun = title.type === 'movie' ? 'movie' : 'show';
  if (!user) {
    return (
      <div className={panelClass}>
        <p className="text-sm font-semibold">Your take on this {noun}</p>
        <p className="mt-1 text-sm text-[var(--muted)]">Sign in to rate it, review it and keep it on your watchlist.</p>
        {status !== 'checking' && (
          <Link to="/login" className={buttonClasses('primary', 'md', 'mt-3 w-full')}>
            Sign in to rate
          </Link>
        )}
      </div>
    );
  }
  return <SignedInRating title={title} noun={noun} />;
}

function SignedInRating({ title, noun }: { title: RatedTitle; noun: string }) {
  const mine = useMyTitleState(title.type, title.id, true);
  const [draft, setDraft] = useState<SaveRatingInput | null>(null);
  const rating = mine.data?.rating ?? null;
  const released = isReleased(title.releaseDate, title.year);

  return (
    <section className={panelClass} aria-labelledby="my-rating-heading">
      <h2 id="my-rating-heading" className="text-sm font-semibold">
        Your take on this {noun}
      </h2>
      {mine.isPending ? (
        <div className="mt-3 space-y-2" role="status" aria-label="Loading your rating">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : mine.isError ? (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          Your rating did not load. {mine.error.message}
        </p>
      ) : draft ? (
        <RatingForm title={title} existingId={rating?.id ?? null} initial={draft} onDone={() => setDraft(null)} />
      ) : rating ? (
        <MyRatingView title={title} rating={rating} onEdit={() => setDraft({ rating: rating.rating, review: rating.review ?? '', spoiler: rating.spoiler })} />
      ) : (
        <div className="mt-2">
          <StarPicker
            label={`Rate ${title.title}`}
            value={null}
            disabled={!released}
            onChange={(n) => setDraft({ rating: n, review: '', spoiler: false })}
          />
          <p className="mt-1 text-xs text-[var(--muted)]" id="rate-hint">
            {released
              ? 'Choose 1 to 10 stars, then add a review if you like.'
              : `Rating opens when it is released${title.releaseDate ? ` (${formatReleaseDate(title.releaseDate)})` : ''}.`}
          </p>
        </div>
      )}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <WatchlistToggle titleId={title.id} title={title.title} />
        <AddToListButton titleId={title.id} titleType={title.type} title={title.title} />
      </div>
    </section>
  );
}

/** Opens the reader's lists to put the title in one (the dialog is loaded on the first press). */
function AddToListButton({ titleId, titleType, title }: { titleId: string; titleType: TitleType; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={loadAddToList} onFocus={loadAddToList} onClick={() => setOpen(true)} className="justify-start">
        <PlusIcon size={18} />
        Add to list
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddToListDialog titleId={titleId} titleType={titleType} title={title} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function WatchlistToggle({ titleId, title }: { titleId: string; title: string }) {
  const { on, busy, toggle } = useWatchlistToggle(titleId);
  return (
    <Button
      variant="secondary"
      aria-pressed={on ?? false}
      aria-label={on ? `Remove ${title} from watchlist` : `Add ${title} to watchlist`}
      disabled={on === undefined}
      loading={busy}
      onClick={toggle}
      className={cn('justify-start', on && 'border-[var(--accent)]/50! text-[var(--accent)]!')}
    >
      {!busy && <BookmarkIcon size={18} fill={on ? 'currentColor' : 'none'} />}
      {on ? 'On watchlist' : 'Watchlist'}
    </Button>
  );
}

function MyRatingView({
  title,
  rating,
  onEdit,
}: {
  title: RatedTitle;
  rating: { id: string; rating: number; review: string | null; spoiler: boolean };
  onEdit: () => void;
}) {
  const remove = useDeleteRating(title.type, title.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mt-3">
      <p className="flex items-baseline gap-2">
        <span className="text-3xl font-bold tabular-nums text-[var(--rating)]">{rating.rating}</span>
        <span className="text-sm text-[var(--muted)]">/10 · your rating</span>
      </p>
      {rating.review ? (
        <div className="mt-2 rounded-xl bg-[var(--surface-2)] p-3">
          {rating.spoiler && <p className="mb-1 text-[0.7rem] font-semibold tracking-wider text-[var(--danger)] uppercase">Spoiler</p>}
          <p className="line-clamp-6 text-sm leading-relaxed whitespace-pre-line break-words" data-testid="my-review">
            {rating.review}
          </p>
        </div>
      ) : (
        <p className="mt-1 text-xs text-[var(--muted)]">No review yet.</p>
      )}
      {confirming ? (
        <div className="mt-3 rounded-xl border border-[var(--danger)]/50 p-3">
          <p className="text-sm">Delete your rating{rating.review ? ' and review' : ''}? Likes on the review go with it.</p>
          <div className="mt-2 flex gap-2">
            <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate(rating.id, { onSuccess: () => setConfirming(false) })}>
              Delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
          {remove.isError && (
            <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
              {remove.error.message}
            </p>
          )}
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <PenIcon size={16} />
            {rating.review ? 'Edit' : 'Edit or review'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            <TrashIcon size={16} />
            Delete
          </Button>
        </div>
      )}
    </div>
  );
}

function RatingForm({ title, existingId, initial, onDone }: { title: RatedTitle; existingId: string | null; initial: SaveRatingInput; onDone: () => void }) {
  const client = useQueryClient();
  const save = useSaveRating(title.type, title.id, existingId);
  const [value, setValue] = useState(initial);
  const reviewId = useId();
  const spoilerId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Opened by choosing a star: the keyboard stays on the chosen star.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, []);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value, {
      onSuccess: () => {
        onDone();
        if (!existingId && client.getQueryData<boolean>(onWatchlistKey(title.id))) {
          toast(`You rated ${title.title}. Take it off your watchlist?`, 'info', 10_000, {
            label: 'Remove',
            onClick: () => void import('../../../lib/watchlist-toggle').then((m) => m.setOnWatchlist(client, title.id, false)),
          });
        }
      },
    });
  };

  return (
    <form ref={formRef} className="mt-2 space-y-3" onSubmit={handleSubmit} aria-label={existingId ? 'Edit your rating' : 'Your rating'}>
      <StarPicker label={`Rate ${title.title}`} value={value.rating} onChange={(rating) => setValue((v) => ({ ...v, rating }))} />
      <div>
        <label htmlFor={reviewId} className="text-xs font-medium text-[var(--muted)]">
          Review (optional)
        </label>
        <textarea
          id={reviewId}
          value={value.review}
          maxLength={REVIEW_MAX}
          rows={5}
          onChange={(e) => setValue((v) => ({ ...v, review: e.target.value }))}
          placeholder="What did you think?"
          className="mt-1 block w-full resize-y rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2 text-sm leading-relaxed placeholder:text-[var(--muted)] focus-ring"
        />
        <p className="mt-1 text-right text-[0.7rem] text-[var(--muted)] tabular-nums">
          {value.review.length.toLocaleString('en')}/{REVIEW_MAX.toLocaleString('en')}
        </p>
      </div>
      <label htmlFor={spoilerId} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
        <input
          id={spoilerId}
          type="checkbox"
          checked={value.spoiler}
          onChange={(e) => setValue((v) => ({ ...v, spoiler: e.target.checked }))}
          className="h-4 w-4 accent-[var(--accent)]"
        />
        My review contains spoilers
      </label>
      {save.isError && (
        <p role="alert" className="text-sm text-[var(--danger)]">
          {isApiError(save.error) && save.error.code === 'not_released' ? 'This title is not released yet, so it cannot be rated.' : save.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {existingId ? 'Save changes' : 'Save rating'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
