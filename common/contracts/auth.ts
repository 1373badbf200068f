import { z } from 'zod';
import { ImageUrlSchema } from '../image-url.ts';
import { safeNextPath } from '../next-path.ts';
import { ProfileFieldsSchema } from './people.ts';
import { text } from './text.ts';

export const EmailLinkRequestSchema = z.object({
  email: z.email({ error: 'Enter a valid e-mail address.' }).max(254, 'Enter a valid e-mail address.').transform((e) => e.trim().toLowerCase()),
  /** Where the link leads once signed in (a shared link opened signed out): a path on this site (common/next-path.ts). */
  next: text({ error: 'must be a path on this site, such as /lists/{listId}/view' })
    .refine((v) => safeNextPath(v) !== null, 'must be a path on this site, such as /lists/{listId}/view')
    .optional(),
});
export type EmailLinkRequest = z.input<typeof EmailLinkRequestSchema>;

export const EmailLinkResponseSchema = z.object({
  sent: z.literal(true),
  message: z.string(),
});

/** The signed-in person as the app keeps it on the device (spec: userInfo). */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  bio: z.string().nullable(),
  onboarded: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SessionResponseSchema = z.object({ user: CurrentUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const AuthProviderSchema = z.object({ id: z.string(), name: z.string(), signInUrl: z.string() });
export const AuthProvidersResponseSchema = z.array(AuthProviderSchema);

export const SetProfileRequestSchema = z.object({
  displayName: text({ error: 'Display name is required.' })
    .trim()
    .min(1, 'Display name is required.')
    .max(40, 'Display name is at most 40 characters.'),
  bio: text({ error: 'Bio must be text.' }).trim().max(300, 'Bio is at most 300 characters.').optional(),
  imageUrl: ImageUrlSchema.nullable().optional(),
  ...ProfileFieldsSchema.shape,
});
export type SetProfileRequest = z.infer<typeof SetProfileRequestSchema>;
