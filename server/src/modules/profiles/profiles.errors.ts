import { notFound } from '../../lib/http/errors.ts';

/** No such person for this reader: unknown, suspended, or someone who blocked them. */
export const userNotFound = () => notFound('There is no such person.', 'user_not_found');
