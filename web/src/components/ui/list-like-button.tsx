import { LikedListsSchema, ListLikeStateSchema } from '@common/contracts/lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { LikeButton } from './like-button';

/** The reader's like of one list, under ['lists', 'liked', id]; the list page and the cards share it. */
export const listLikedKey = (listId: string) => ['lists', 'liked', listId] as const;

/*
 * Cards are the same for everyone (the shared cache), so whether the reader liked each comes from POST
 * /api/lists/liked: the cards drawn in the same moment ask once, together (up to 100 ids a call).
 */
let waiting: { ids: Set<string>; done: Promise<Set<string>> } | null = null;
function likedOne(listId: string): Promise<boolean> {
  if (!waiting) {
    const ids = new Set<string>();
    const done = new Promise<Set<string>>((resolve, reject) => {
      setTimeout(() => {
        waiting = null;
        api.post('lists/liked', { listIds: [...ids].slice(0, 100) }, LikedListsSchema).then((r) => resolve(new Set(r.liked)), reject);
      }, 10);
    });
    waiting = { ids, done };
  }
  const batch = waiting;
  if (batch.ids.size >= 100) {
    waiting = null;
    return likedOne(listId);
  }
  batch.ids.add(listId);
  return batch.done.then((liked) => liked.has(listId));
}

interface ListLikeButtonProps {
  listId: string;
  name: string;
  likeCount: number;
  /** Known already (the list page's `likedByMe`); else asked for with the other cards. */
  likedByMe?: boolean;
  /** False for one's own list: the count, not pressable. */
  canLike: boolean;
}

/** The like toggle of a list (cards and the list's page): POST or DELETE /api/lists/{id}/likes. */
export default function ListLikeButton({ listId, name, likeCount, likedByMe, canLike }: ListLikeButtonProps) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: listLikedKey(listId),
    queryFn: async () => ({ liked: await likedOne(listId), likeCount }),
    initialData: likedByMe === undefined ? undefined : { liked: likedByMe, likeCount },
    enabled: canLike,
    staleTime: 60_000,
  });
  const toggle = useMutation({
    mutationFn: (like: boolean) =>
      like ? api.post(`lists/${encodeURIComponent(listId)}/likes`, undefined, ListLikeStateSchema) : api.delete(`lists/${encodeURIComponent(listId)}/likes`, ListLikeStateSchema),
    onSuccess: (s) => {
      client.setQueryData(listLikedKey(listId), { liked: s.likedByMe, likeCount: s.likeCount });
    },
    onError: (error) => toast(isApiError(error) ? error.message : 'The like did not go through. Please try again.', 'error'),
  });
  const liked = state.data?.liked ?? false;
  const count = state.data?.likeCount ?? likeCount;
  return (
    <LikeButton
      liked={liked}
      count={count}
      label={name}
      disabled={!canLike || toggle.isPending || (canLike && state.data === undefined)}
      title={canLike ? undefined : 'You cannot like your own list'}
      onToggle={() => toggle.mutate(!liked)}
      testId="list-like-count"
    />
  );
}
