import type { ListDetails, ListSummary, ListTitle } from '../../../../common/contracts/lists.ts';
import { isoOf } from '../../lib/time.ts';
import { canDeleteList, canEditList, canLikeList } from './lists.policy.ts';
import type { ListItemRow, ListRow } from './lists.repository.ts';

export function presentListTitle(item: ListItemRow): ListTitle {
  return {
    titleId: item.titleId,
    title: item.primaryTitle,
    primaryImage: item.posterUrl,
    type: item.titleType,
    year: item.startYear === null ? null : Number(item.startYear),
    note: item.note,
  };
}

/** A list as everyone sees it: the same for every reader. */
export function presentListSummary(row: ListRow, items: readonly ListItemRow[], genres: readonly string[]): ListSummary {
  return {
    listId: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    genres: genres.map((name) => ({ name })),
    visibility: row.visibility,
    contentList: items.map(presentListTitle),
    titleCount: Number(row.titleCount),
    ownerProfile: { userId: row.ownerId, displayName: row.ownerName, imageUrl: row.ownerImage },
    likeCount: Number(row.likeCount),
    viewCount: Number(row.viewCount),
    lastUpdated: isoOf(row.updatedAt),
    createdAt: isoOf(row.createdAt),
  };
}

/** A whole list for one reader: what they may do with it, and whether they like it. */
export function presentListDetails(summary: ListSummary, reader: { id: string } | null, likedByMe: boolean): ListDetails {
  const facts = { ownerId: summary.ownerProfile.userId, visibility: summary.visibility };
  return {
    ...summary,
    likedByMe,
    abilities: { edit: canEditList(reader, facts), delete: canDeleteList(reader, facts), like: canLikeList(reader, facts) },
  };
}
