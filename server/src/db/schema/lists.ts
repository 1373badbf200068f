// Lists, their items, likes and views.
import type { TitleType } from './catalogue.ts';
import type { Timestamp } from './columns.ts';

export type ListVisibility = 'public' | 'private';

/** A person's list of titles; counters kept in the same transaction as the rows they count. */
export interface ListsTable {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  type: TitleType;
  visibility: ListVisibility;
  titleCount: number;
  likeCount: number;
  viewCount: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A title of a list at its place (0 first), with the owner's note. */
export interface ListItemsTable {
  listId: string;
  position: number;
  titleId: string;
  note: string | null;
}

/** A genre of a list at its place in the owner's order (0 first). */
export interface ListGenresTable {
  listId: string;
  genre: string;
  position: number;
}

export interface ListLikesTable {
  listId: string;
  userId: string;
  createdAt: Timestamp;
}

/** One viewer (a user, or a hashed anonymous client) of a list on a day (UTC YYYY-MM-DD). */
export interface ListViewsTable {
  listId: string;
  day: string;
  viewer: string;
}

export interface ListRecentViewsTable {
  userId: string;
  listId: string;
  viewedAt: Timestamp;
}
