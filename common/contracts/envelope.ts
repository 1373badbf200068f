import { z } from 'zod';

/** Every /api read answers { data }. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Every /api failure answers { error: { code, message } }. */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
