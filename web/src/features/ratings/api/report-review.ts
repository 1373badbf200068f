import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /api/reports `{ targetType: 'review', targetId, reason }`. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      api.post('reports', { targetType: 'review', targetId: reviewId, reason }, z.object({ id: z.string(), status: z.literal('open') })),
  });
}
