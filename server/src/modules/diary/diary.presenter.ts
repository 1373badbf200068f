import type { DiaryEntry } from '../../../../common/contracts/diary.ts';
import type { MediaSearchResult } from '../../../../common/contracts/titles.ts';
import type { ListedEntry } from './diary.repository.ts';

export function presentEntry(row: ListedEntry, card: MediaSearchResult): DiaryEntry {
  return { id: row.id, watchedOn: row.watchedOn, rewatch: Number(row.rewatch) === 1, rating: row.rating === null ? null : Number(row.rating), title: card };
}
