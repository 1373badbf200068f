import { LIST_DESCRIPTION_MAX, LIST_GENRES_MAX, LIST_MAX_TITLES, LIST_NAME_MAX, type ListDetails, type ListInput, ListInputSchema } from '@common/contracts/lists';
import type { MediaSearchResult, TitleType } from '@common/contracts/titles';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckIcon, ListIcon, SearchIcon } from '../../../components/ui/icons';
import { listViewPath } from '../../../components/ui/list-card';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import {
  clearDraft,
  kindOfTitleType,
  type ListKind,
  listsStore,
  type SelectedMedia,
  startDraft,
  titleTypeOfKind,
  toSelectedMedia,
  updateDraft,
  useListsState,
} from '../../../lib/lists-state';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useGenres } from '../api/get-genres';
import { isListMissing, useList } from '../api/get-list';
import { usePresetTitle } from '../api/get-preset-title';
import { useSaveList } from '../api/save-list';
import { DeleteListButton } from './delete-list-button';
import { errorText, type FieldErrors, fieldErrorsOf, fieldKey } from './field-errors';
import { ListTitlesEditor } from './list-titles-editor';

/** The search box in its lists variant ('Search to add more', up to 50 titles), handed in by the app. */
export interface ListSearchBoxProps {
  variant: 'lists';
  titleType: TitleType | null;
  selection: { selected: MediaSearchResult[]; onChange: (next: MediaSearchResult[]) => void };
  className?: string;
}

interface ListFormProps {
  /** The list being edited; null for a new list. */
  listId: string | null;
  SearchBox: ComponentType<ListSearchBoxProps>;
  /** Shown for a list that does not exist or that the reader may not see. */
  notFound: ReactNode;
}

function asSearchResult(item: SelectedMedia): MediaSearchResult {
  return { id: item.id, type: item.type, title: item.title, primaryImage: item.primaryImage, releaseDate: null, creator: null, year: item.year, imdbRating: null, imdbVotes: 0, genres: [] };
}

function fromDetails(list: ListDetails) {
  return {
    name: list.name,
    type: kindOfTitleType(list.type),
    selectedGenres: list.genres.map((g) => ({ name: g.name })),
    selectedMedia: list.contentList.map((t) => toSelectedMedia({ id: t.titleId, type: t.type, title: t.title, primaryImage: t.primaryImage, year: t.year }, t.note ?? '')),
    description: list.description ?? '',
    visibility: list.visibility,
  };
}

/** /createList and /lists/edit-list?listId=: the list's details and its titles, in order, with notes. */
export function ListForm({ listId, SearchBox, notFound }: ListFormProps) {
  const list = useList(listId ?? '', listId !== null);
  const editing = listId !== null;
  // /createList?titleId= (the title page's "New list with this title"): a new list that starts with that title.
  const [params] = useSearchParams();
  const location = useLocation<{ titleType?: TitleType } | null>();
  const withTitle = editing ? null : params.get('titleId') || null;
  const preset = usePresetTitle(withTitle, location.state?.titleType);
  const presetReady = withTitle === null || !preset.isPending;

  useEffect(() => {
    if (editing || !presetReady) return;
    const title = preset.data;
    if (withTitle && title) {
      if (listsStore.get().draftOf !== `new:${title.id}`) {
        startDraft(`new:${title.id}`, { type: kindOfTitleType(title.type), selectedMedia: [toSelectedMedia(title)] });
      }
    } else startDraft('new');
  }, [editing, presetReady, withTitle, preset.data]);
  useEffect(() => {
    if (editing && list.data && listsStore.get().draftOf !== list.data.listId) startDraft(list.data.listId, fromDetails(list.data));
  }, [editing, list.data]);

  const title = editing ? 'Edit list · Reelhouse' : 'Create list · Reelhouse';
  if (editing) {
    if (list.isError && isListMissing(list.error)) return <>{notFound}</>;
    return (
      <>
        {list.data === undefined && <title>{title}</title>}
        <QueryState query={list} loading={<FormSkeleton />} errorTitle="This list did not load" errorIcon={<ListIcon size={24} />}>
          {(data) =>
            data.abilities.edit ? (
              <Form key={listId} listId={listId} SearchBox={SearchBox} title={title} savedName={data.name} />
            ) : (
              <EmptyState icon={<ListIcon size={24} />} title="Only its owner can edit this list" action={<Link to={listViewPath(data.listId)} className={buttonClasses('secondary')}>Open the list</Link>}>
                <title>{title}</title>
                You can open it, share it, or make a list of your own.
              </EmptyState>
            )
          }
        </QueryState>
      </>
    );
  }
  if (!presetReady) return <FormSkeleton title={title} />;
  return <Form key="new" listId={null} SearchBox={SearchBox} title={title} />;
}

function Form({ listId, SearchBox, title, savedName }: { listId: string | null; SearchBox: ComponentType<ListSearchBoxProps>; title: string; savedName?: string }) {
  const id = useId();
  const draft = useListsState((s) => s);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveList(listId);
  const navigate = useNavigate();
  const titleType = titleTypeOfKind(draft.type);
  const genres = useGenres(titleType);

  const clearError = (key: string) => {
    if (errors[key] || errors.form) setErrors(({ [key]: _, form: __, ...rest }) => rest);
  };

  const body = (): ListInput => ({
    name: draft.name,
    type: titleType,
    genres: draft.selectedGenres.map((g) => g.name),
    description: draft.description || null,
    visibility: draft.visibility,
    contentList: draft.selectedMedia.map((m) => ({ titleId: m.id, note: m.note || null })),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = body();
    const checked = ListInputSchema.safeParse(input);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = fieldKey(issue.path.join('.'));
        found[key] ??= errorText(key, issue.message);
      }
      setErrors(found);
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: (saved) => {
        clearDraft();
        toast(listId ? `${saved.name} saved` : `${saved.name} created`, 'success');
        navigate(listViewPath(saved.listId));
      },
      onError: (error) => {
        if (isApiError(error) && (error.status === 400 || error.code === 'title_not_found')) setErrors(fieldErrorsOf(error.message));
        else setErrors({ form: error.message });
      },
    });
  };

  const setKind = (kind: ListKind) => {
    if (kind === draft.type) return;
    // Genres differ between movies and series: the ones chosen that the other kind lacks are dropped when its genres arrive.
    // A list holds titles of its type only (the server answers 400 otherwise): the others chosen leave with a word.
    const type = titleTypeOfKind(kind);
    const kept = draft.selectedMedia.filter((m) => m.type === type);
    const dropped = draft.selectedMedia.length - kept.length;
    updateDraft(dropped ? { type: kind, selectedMedia: kept } : { type: kind });
    if (dropped) {
      const noun = type === 'movie' ? (dropped === 1 ? 'TV show' : 'TV shows') : dropped === 1 ? 'movie' : 'movies';
      toast(`${dropped} ${noun} taken off: a list of ${type === 'movie' ? 'movies' : 'TV shows'} holds only ${type === 'movie' ? 'movies' : 'TV shows'}.`, 'info');
    }
    clearError('type');
  };

  const toggleGenre = (name: string) => {
    const on = draft.selectedGenres.some((g) => g.name === name);
    if (!on && draft.selectedGenres.length >= LIST_GENRES_MAX) {
      setErrors((e) => ({ ...e, genres: `Genres: choose at most ${LIST_GENRES_MAX}` }));
      return;
    }
    clearError('genres');
    updateDraft({ selectedGenres: on ? draft.selectedGenres.filter((g) => g.name !== name) : [...draft.selectedGenres, { name }] });
  };

  const selection = {
    selected: draft.selectedMedia.map(asSearchResult),
    onChange: (next: MediaSearchResult[]) => {
      const kept = new Map(draft.selectedMedia.map((m) => [m.id, m]));
      updateDraft({ selectedMedia: next.map((r) => kept.get(r.id) ?? toSelectedMedia(r)) });
      clearError('contentList');
    },
  };

  const noteErrors: Record<number, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^contentList\.(\d+)\.note$/.exec(key);
    if (m) noteErrors[Number(m[1])] = message;
  }

  const fieldClass = 'block w-full rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3.5 text-sm text-[var(--text)] placeholder:text-[var(--muted)] focus-ring max-md:text-base aria-[invalid=true]:border-[var(--danger)]';
  const errorLine = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1.5 text-sm text-[var(--danger)]">
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);

  return (
    <div className="pb-24">
      <title>{title}</title>
      <header className="mb-6">
        <p className="text-sm text-[var(--muted)]">
          <Link to="/lists" className="rounded hover:text-[var(--text)] hover:underline focus-ring">
            Lists
          </Link>
          {savedName && <> / {savedName}</>}
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{listId ? 'Edit list' : 'Create list'}</h1>
      </header>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10">
        <form id={`${id}-form`} onSubmit={handleSubmit} noValidate className="space-y-6" aria-label={listId ? 'Edit list' : 'Create list'}>
          <div>
            <label htmlFor={`${id}-name`} className="mb-1.5 block text-sm font-medium">
              Name
            </label>
            <input
              id={`${id}-name`}
              value={draft.name}
              onChange={(e) => {
                updateDraft({ name: e.target.value });
                clearError('name');
              }}
              maxLength={LIST_NAME_MAX}
              placeholder="My all-time favourites"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              className={cn(fieldClass, 'h-11')}
            />
            {errorLine('name')}
          </div>

          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Type</legend>
            <div id={`${id}-type`} className="inline-flex rounded-xl border border-[var(--border)] bg-[var(--surface)] p-1" aria-describedby={describedBy('type')}>
              {(['movies', 'tv series'] as const).map((kind) => (
                <label
                  key={kind}
                  className={cn(
                    'relative flex h-9 cursor-pointer items-center rounded-lg px-4 text-sm font-medium transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)]',
                    draft.type === kind ? 'bg-[var(--accent)] text-[var(--accent-ink)]' : 'text-[var(--muted)] hover:text-[var(--text)]',
                  )}
                >
                  <input type="radio" name={`${id}-type`} value={kind} checked={draft.type === kind} onChange={() => setKind(kind)} className="sr-only" />
                  {kind === 'movies' ? 'Movies' : 'TV Series'}
                </label>
              ))}
            </div>
            {errorLine('type')}
          </fieldset>

          <fieldset aria-describedby={describedBy('genres')}>
            <legend className="mb-1.5 flex w-full justify-between text-sm font-medium">
              Genres
            </legend>
            <p className="-mt-1 mb-2 text-xs text-[var(--muted)] tabular-nums">
              {draft.genreCount} of {LIST_GENRES_MAX} chosen
            </p>
            <div id={`${id}-genres`} tabIndex={-1} className="flex flex-wrap gap-1.5 outline-none">
              {genres.isPending
                ? ["a", "b", "c", "d", "e", "f", "g", "h"].map((k) => <Skeleton key={k} className="h-9 w-20 rounded-full" />)
                : genres.isError
                  ? <p className="text-sm text-[var(--muted)]">Genres did not load. {genres.error.message}</p>
                  : [...new Set([...genres.data.map((g) => g.name), ...draft.selectedGenres.map((g) => g.name)])].map((name) => {
                      const on = draft.selectedGenres.some((g) => g.name === name);
                      return (
                        <button
                          key={name}
                          type="button"
                          aria-pressed={on}
                          onClick={() => toggleGenre(name)}
                          className={cn(
                            'inline-flex h-9 items-center gap-1 rounded-full border px-3 text-sm transition-colors duration-150 focus-ring',
                            on ? 'border-[var(--accent)] bg-[var(--accent-soft)] text-[var(--text)]' : 'border-[var(--border)] text-[var(--muted)] hover:border-[var(--muted)] hover:text-[var(--text)]',
                          )}
                        >
                          {on && <CheckIcon size={14} className="text-[var(--accent)]" />}
                          {name}
                        </button>
                      );
                    })}
            </div>
            {errorLine('genres')}
          </fieldset>

          <div>
            <label htmlFor={`${id}-description`} className="mb-1.5 block text-sm font-medium">
              Description <span className="font-normal text-[var(--muted)]">(optional)</span>
            </label>
            <textarea
              id={`${id}-description`}
              value={draft.description}
              onChange={(e) => {
                updateDraft({ description: e.target.value });
                clearError('description');
              }}
              maxLength={LIST_DESCRIPTION_MAX}
              rows={3}
              placeholder="What ties these titles together?"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description')}
              className={cn(fieldClass, 'resize-y py-2.5')}
            />
            {errorLine('description')}
          </div>

          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Visibility</legend>
            <div id={`${id}-visibility`} className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['public', 'Public', 'Anyone on Reelhouse can find and open it.'],
                  ['private', 'Private', 'Only you can see it.'],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)]',
                    draft.visibility === value ? 'border-[var(--accent)] bg-[var(--accent-soft)]' : 'border-[var(--border)] bg-[var(--surface)] hover:border-[var(--muted)]',
                  )}
                >
                  <input type="radio" name={`${id}-visibility`} value={value} checked={draft.visibility === value} onChange={() => updateDraft({ visibility: value })} className="mt-0.5 accent-[var(--accent)]" />
                  <span>
                    <span className="block text-sm font-medium">{label}</span>
                    <span className="block text-xs text-[var(--muted)]">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {errorLine('visibility')}
          </fieldset>
        </form>

        <section aria-labelledby={`${id}-titles-heading`}>
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id={`${id}-titles-heading`} className="text-lg font-semibold tracking-tight">
              Titles
            </h2>
            <span className="text-sm text-[var(--muted)] tabular-nums">
              {draft.selectedMedia.length} of {LIST_MAX_TITLES}
            </span>
          </div>
          <SearchBox variant="lists" titleType={titleType} selection={selection} className="relative z-20 mb-4" />
          <div id={`${id}-contentList`} tabIndex={-1} className="outline-none">
            {errorLine('contentList')}
            {draft.selectedMedia.length > 0 ? (
              <ListTitlesEditor items={draft.selectedMedia} onChange={(next) => updateDraft({ selectedMedia: next })} noteErrors={noteErrors} />
            ) : (
              <div className="flex flex-col items-center rounded-2xl border border-dashed border-[var(--border)] px-6 py-10 text-center">
                <SearchIcon size={22} className="text-[var(--accent)]" />
                <p className="mt-3 text-sm font-medium">No titles yet</p>
                <p className="mt-1 max-w-xs text-sm text-pretty text-[var(--muted)]">
                  Search above and pick up to {LIST_MAX_TITLES} {draft.type === 'movies' ? 'movies' : 'TV series'}. Drag them, or use Alt and the arrow keys, to set the order.
                </p>
              </div>
            )}
          </div>
        </section>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-[var(--border)] bg-[var(--bg)]/90 backdrop-blur lg:left-64">
        <div className="mx-auto flex max-w-[1600px] flex-wrap items-center justify-end gap-2 px-4 py-3 sm:px-6 lg:px-10">
          {errors.form && (
            <p role="alert" className="mr-auto text-sm text-[var(--danger)]">
              {errors.form}
            </p>
          )}
          {Object.keys(errors).length > 0 && !errors.form && (
            <p role="alert" className="mr-auto text-sm text-[var(--danger)]">
              Check the fields marked above.
            </p>
          )}
          {listId && savedName && <DeleteListButton listId={listId} name={savedName} className="mr-auto" />}
          <Link to={listId ? listViewPath(listId) : '/lists'} className={buttonClasses('ghost')}>
            Cancel
          </Link>
          <Button type="submit" form={`${id}-form`} loading={save.isPending}>
            {listId ? 'Save list' : 'Create list'}
          </Button>
        </div>
      </div>
    </div>
  );
}

function FormSkeleton({ title }: { title?: string }) {
  return (
    <div aria-busy="true">
      {title && <title>{title}</title>}
      <Skeleton className="h-8 w-48" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="space-y-4">
          <Skeleton className="h-11 w-full rounded-xl" />
          <Skeleton className="h-11 w-56 rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
        <div className="space-y-2">
          <Skeleton className="h-10 w-full rounded-full" />
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
