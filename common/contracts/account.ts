import { z } from 'zod';
import { text } from './text.ts';

/** What closing an account asks the person to type, so it is never done by a slip. */
export const DELETE_CONFIRMATION = 'DELETE';

/** DELETE /api/account: the person types DELETE. */
export const DeleteAccountRequestSchema = z.object({
  confirm: text().refine((v) => v === DELETE_CONFIRMATION, { message: `type ${DELETE_CONFIRMATION} to close your account` }),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** Personal access tokens: the prefix every one starts with. */
export const API_TOKEN_PREFIX = 'rh_';
/** The most tokens a person keeps at once. */
export const API_TOKENS_MAX = 20;
export const API_TOKEN_NAME_MAX = 60;

/** POST /api/account/tokens. */
export const CreateApiTokenRequestSchema = z.object({
  name: text()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'is required').max(API_TOKEN_NAME_MAX, `is at most ${API_TOKEN_NAME_MAX} characters`)),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequestSchema>;

/** A token as listed: never the token itself. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, or null before its first use; updated at most once per session-cache period. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer of creating one: the token, shown this once. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenListSchema = z.object({ results: z.array(ApiTokenSchema) });
export const ApiTokenParamsSchema = z.object({ id: text().pipe(z.string().min(1).max(64)) });

export const RssParamsSchema = z.object({ username: text().pipe(z.string().min(1).max(64)) });
