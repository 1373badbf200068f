import { HiddenStateSchema, ReportsPageSchema, type ReportTargetType, SuspensionSchema } from '@common/contracts/people';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ReportStatus = 'open' | 'resolved';
const reportsKey = ['moderation', 'reports'] as const;

/** GET /api/moderation/reports?status=: the queue, newest first, 20 a page (keyset cursors). */
export const reportsQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: [...reportsKey, status],
    queryFn: ({ pageParam, signal }) =>
      api.get(`moderation/reports?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, ReportsPageSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useReports = (status: ReportStatus) => useInfiniteQuery(reportsQueryOptions(status));

/** After any action the queue is read again: a hide, a suspension or a resolution changes how reports stand. */
function useModerationAction<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: reportsKey }) });
}

/** POST /api/moderation/hidden, or DELETE /api/moderation/hidden/{type}/{id} to show it again. */
export const useSetHidden = () =>
  useModerationAction(({ targetType, targetId, hidden }: { targetType: Exclude<ReportTargetType, 'person'>; targetId: string; hidden: boolean }) =>
    hidden
      ? api.post('moderation/hidden', { targetType, targetId }, HiddenStateSchema)
      : api.delete(`moderation/hidden/${targetType}/${encodeURIComponent(targetId)}`, HiddenStateSchema),
  );

/** POST (suspend) or DELETE (restore) /api/moderation/suspensions/{userId}. */
export const useSetSuspended = () =>
  useModerationAction(({ userId, suspended }: { userId: string; suspended: boolean }) =>
    suspended ? api.post(`moderation/suspensions/${encodeURIComponent(userId)}`, undefined, SuspensionSchema) : api.delete(`moderation/suspensions/${encodeURIComponent(userId)}`, SuspensionSchema),
  );

/** POST /api/moderation/reports/{id}/resolve with an optional note. */
export const useResolveReport = () =>
  useModerationAction(({ id, resolution }: { id: string; resolution?: string }) =>
    api.post(`moderation/reports/${encodeURIComponent(id)}/resolve`, resolution ? { resolution } : {}, z.object({ id: z.string(), status: z.literal('resolved') })),
  );
