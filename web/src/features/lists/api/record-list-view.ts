import { ListViewSchema } from '@common/contracts/lists';
import { api } from '../../../lib/api-client';

/** POST /api/lists/{listId}/view: counts the opening towards trending and adds it to the reader's recently viewed. */
export const recordListView = (listId: string) => api.post(`lists/${encodeURIComponent(listId)}/view`, {}, ListViewSchema);
