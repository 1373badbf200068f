import { LIST_MAX_TITLES, ListAddTitleResultSchema, ListsPageSchema } from '@common/contracts/lists';
import type { TitleType } from '@common/contracts/titles';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckIcon, CloseIcon, ListIcon, PlusIcon } from '../../../components/ui/icons';
import { listViewPath } from '../../../components/ui/list-card';
import { PosterImage } from '../../../components/ui/poster';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { api, isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { Link, useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';

/** Every query of the lists screens starts with this key (features/lists/api): refreshed after an addition. */
const LISTS_KEY = ['lists'] as const;
const holdingKey = (titleId: string) => [...LISTS_KEY, 'mine', 'holding', titleId] as const;

const otherTypeText = (listType: TitleType) => (listType === 'movie' ? 'Movies only' : 'TV shows only');

/** /createList with this title already chosen. */
export const newListWithTitlePath = (titleId: string) => `/createList?titleId=${encodeURIComponent(titleId)}`;

/**
 * The title page's "Add to list": the reader's lists, each with its count and whether it already holds the title;
 * choosing one puts the title at its end. Loaded on the first press of the button.
 */
export default function AddToListDialog({ titleId, titleType, title, onClose }: { titleId: string; titleType: TitleType; title: string; onClose: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const lists = useInfiniteQuery({
    queryKey: holdingKey(titleId),
    queryFn: ({ pageParam, signal }) => api.get(`lists/?page=${pageParam}&titleId=${encodeURIComponent(titleId)}`, ListsPageSchema, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  });
  const add = useMutation({
    mutationFn: (listId: string) => api.post(`lists/${encodeURIComponent(listId)}/titles`, { titleId }, ListAddTitleResultSchema),
    onSuccess: (list) => {
      toast(list.added ? `${title} added to ${list.name}` : `${title} is already in ${list.name}`, list.added ? 'success' : 'info', 6000, {
        label: 'Open',
        onClick: () => navigate(listViewPath(list.listId)),
      });
      void client.invalidateQueries({ queryKey: LISTS_KEY });
      onClose();
    },
  });

  const mine = lists.data?.pages.flatMap((p) => p.results) ?? [];
  const holding = new Set(lists.data?.pages.flatMap((p) => p.holdingTitle ?? []) ?? []);
  const errorText = add.isError
    ? isApiError(add.error) && add.error.code === 'list_full'
      ? `That list is full: ${add.error.message}`
      : add.error.message
    : null;

  return (
    <Dialog
      label={`Add ${title} to a list`}
      onClose={onClose}
      className="flex max-h-[85dvh] w-[min(28rem,calc(100vw-2rem))] flex-col rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-2xl"
    >
      <div className="flex items-center justify-between gap-3 border-b border-[var(--border)] py-2 pr-2 pl-5">
        <div className="min-w-0">
          <h2 className="font-semibold">Add to a list</h2>
          <p className="line-clamp-2 text-sm break-words text-[var(--muted)]">{title}</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close" className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--surface-2)] focus-ring">
          <CloseIcon />
        </button>
      </div>
      {errorText && (
        <p role="alert" className="mx-4 mt-3 rounded-xl border border-[var(--danger)]/50 px-3 py-2 text-sm text-[var(--danger)]">
          {errorText}
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <QueryState
          query={lists}
          loading={<SkeletonList count={2} label="Loading your lists" className="space-y-2 p-2" itemClassName="h-14 w-full" />}
          errorTitle="Your lists did not load"
          errorVariant="line"
          errorClassName="p-3"
          empty={<p className="p-3 text-sm text-[var(--muted)]">You have no lists yet. Start one with this title.</p>}
          isEmpty={() => mine.length === 0}
        >
          {() => (
            <>
              <ul aria-label="Your lists">
                {mine.map((list) => {
                  const has = holding.has(list.listId);
                  const full = !has && list.titleCount >= LIST_MAX_TITLES;
                  // A list holds titles of its type only: a list of the other type is shown, not offered.
                  const otherType = !has && list.type !== titleType;
                  const first = list.contentList[0];
                  return (
                    <li key={list.listId}>
                      <button
                        type="button"
                        disabled={has || otherType || add.isPending}
                        aria-label={has ? `${list.name}: already holds ${title}` : otherType ? `${list.name}: ${otherTypeText(list.type)}` : `Add to ${list.name}`}
                        onClick={() => add.mutate(list.listId)}
                        className={cn(
                          'flex min-h-14 w-full items-center gap-3 rounded-xl px-3 py-2 text-left focus-ring',
                          has || otherType ? 'cursor-default' : 'hover:bg-[var(--surface-2)] disabled:opacity-60',
                          otherType && 'opacity-60',
                        )}
                      >
                        <span className="w-9 shrink-0">
                          {first ? (
                            <PosterImage id={first.titleId} title={first.title} src={first.primaryImage} width={92} mini className="rounded-md" />
                          ) : (
                            <span className="grid aspect-[2/3] place-items-center rounded-md bg-[var(--surface-2)] text-[var(--muted)]">
                              <ListIcon size={16} />
                            </span>
                          )}
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium">{list.name}</span>
                          <span className="block text-sm text-[var(--muted)]">
                            {list.titleCount} {list.titleCount === 1 ? 'title' : 'titles'}
                            {list.visibility === 'private' ? ' · Private' : ''}
                            {full ? ' · Full' : ''}
                            {otherType ? ` · ${otherTypeText(list.type)}` : ''}
                          </span>
                        </span>
                        {otherType ? null : has ? (
                          <span className="flex shrink-0 items-center gap-1 text-sm text-[var(--accent)]">
                            <CheckIcon size={16} strokeWidth={3} /> Added
                          </span>
                        ) : add.isPending && add.variables === list.listId ? (
                          <span className="shrink-0 text-sm text-[var(--muted)]">Adding…</span>
                        ) : (
                          <PlusIcon size={18} className="shrink-0 text-[var(--muted)]" />
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
              {lists.hasNextPage && (
                <Button variant="secondary" size="sm" className="m-2" loading={lists.isFetchingNextPage} onClick={() => void lists.fetchNextPage()}>
                  Show more
                </Button>
              )}
            </>
          )}
        </QueryState>
      </div>
      <div className="border-t border-[var(--border)] p-3">
        <Link to={newListWithTitlePath(titleId)} state={{ titleType }} onClick={onClose} className={buttonClasses('secondary', 'md', 'w-full')}>
          <PlusIcon size={18} />
          New list with this title
        </Link>
      </div>
    </Dialog>
  );
}
