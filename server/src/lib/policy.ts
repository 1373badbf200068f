import { AppError, unauthorized } from './http/errors.ts';

/** Who is asking: a signed-in person, or nobody. */
export type Actor = { id: string } | null;

/**
 * What a refused action answers. 403 by default; 404 where the person must not learn that the thing exists;
 * 409 where the action is refused because of the thing's state rather than the person's rights.
 */
export interface Refusal {
  status?: 403 | 404 | 409;
  code?: string;
  message: string;
}

const DEFAULT_CODES = { 403: 'forbidden', 404: 'not_found', 409: 'conflict' } as const;

/** The error a refusal throws, in the house shape (`{ error: { code, message } }` via plugins/errors.ts). */
export function refusalError(refusal: Refusal): AppError {
  const status = refusal.status ?? 403;
  return new AppError(status, refusal.code ?? DEFAULT_CODES[status], refusal.message);
}

/**
 * The one guard a service calls before acting: `allowed` is the answer of the module's policy function (the same
 * function the presenter builds `abilities` from). Nobody signed in gets 401; anyone else the refusal (403 unless said).
 */
export function authorize(actor: Actor, allowed: boolean, refusal: Refusal): void {
  if (allowed) return;
  if (actor === null) throw unauthorized();
  throw refusalError(refusal);
}
