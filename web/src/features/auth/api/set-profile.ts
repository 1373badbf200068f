import { CurrentUserSchema, type SetProfileRequest } from '@common/contracts/auth';
import { api } from '../../../lib/api-client';

/** POST /api/user/setProfile: one onboarding step (the display name always, with the step's own fields). */
export const setProfile = (input: SetProfileRequest) => api.post('user/setProfile', input, CurrentUserSchema);
