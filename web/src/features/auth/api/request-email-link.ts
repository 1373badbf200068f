import { type EmailLinkRequest, EmailLinkRequestSchema, EmailLinkResponseSchema } from '@common/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/email-link: answers the same for known and unknown addresses. */
export const requestEmailLink = (input: EmailLinkRequest) =>
  api.post('auth/email-link', EmailLinkRequestSchema.parse(input), EmailLinkResponseSchema);

export const useRequestEmailLink = () => useMutation({ mutationFn: requestEmailLink });
