import type { Actor } from '../../lib/policy.ts';

/** An import is its owner's alone: only they see its report and resolve its rows (anyone else is told it does not exist). */
export function canSeeImport(actor: Actor, job: { userId: string }): boolean {
  return actor !== null && actor.id === job.userId;
}
