import type { FastifyReply } from 'fastify';

/** A person's own state, or answers filtered for them: never kept by a shared cache. */
export function personal(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store');
}
