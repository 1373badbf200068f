import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/dialect.ts';
import { AppError } from '../lib/http/errors.ts';

function fieldOf(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context;
}

/** Longest path parameter the router accepts (Fastify's maxParamLength): title ids, usernames and slugs are far shorter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path with a broken
 * percent escape, or a path parameter longer than MAX_PARAM_LENGTH. Answered in the same { error: { code,
 * message } } shape as every other error, instead of Fastify's own.
 */
export function frameworkErrorReply(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ error: { code: 'uri_too_long', message: `path: a part of the address is longer than ${MAX_PARAM_LENGTH} characters.` } });
    return;
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ error: { code: 'bad_url', message: 'path: is not a valid address (a % must start an escape such as %20).' } });
    return;
  }
  reply.status(400).send({ error: { code: 'bad_request', message: 'path: the request could not be routed.' } });
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request that needed the database while it could not be reached. */
export const DATABASE_UNAVAILABLE = {
  code: 'database_unavailable',
  message: 'The database is not reachable right now. Please try again in a few seconds.',
} as const;

/** One place turns every error into { error: { code, message } }, hiding internals on 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = fieldOf(first?.instancePath ?? '', err.validationContext ?? 'body');
      const message = `${field}: ${first?.message ?? 'is invalid'}`;
      return reply.status(400).send({ error: { code: 'validation_error', message } });
    }
    // Errors raised by the authentication library carry their own status and code.
    const authBody = (err as { body?: { code?: string; message?: string } }).body;
    if (err.name === 'APIError' && authBody && typeof err.statusCode === 'number' && err.statusCode < 500) {
      return reply.status(err.statusCode).send({
        error: { code: (authBody.code ?? 'auth_error').toLowerCase(), message: authBody.message ?? err.message },
      });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const kb = Math.floor((req.routeOptions.bodyLimit ?? 0) / 1024);
      return reply.status(413).send({ error: { code: 'body_too_large', message: `body: is larger than ${kb} KB.` } });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply.status(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({ error: DATABASE_UNAVAILABLE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } });
    }
    const code =
      status === 429
        ? 'rate_limited'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported_media_type'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'invalid_json'
            : (err.code?.toLowerCase().replace(/^fst_err_/, '') ?? 'bad_request');
    const message =
      status === 429
        ? // The limiter's own answer says how long to wait (app.ts, errorResponseBuilder).
          ((err as { error?: { message?: string } }).error?.message ?? 'Too many requests. Please wait a minute and try again.')
        : code === 'invalid_json'
          ? 'body: is not valid JSON.'
          : err.message;
    return reply.status(status).send({ error: { code, message } });
  });
}
