import type { FastifyInstance } from 'fastify';
import { Outbox, type OutboxOptions } from './outbox.ts';

export type { DomainEvent, DomainEvents, EventType } from './catalog.ts';
export { type Emit, markDelivered, Outbox, type OutboxOptions, recordEvent, type Subscriber, writeWithEvents } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events: modules subscribe here to what other modules record (server/src/events/). */
    outbox: Outbox;
  }
}

/**
 * The app's dispatcher: modules register their subscribers while the app is built; once it is ready, what an earlier
 * run left undelivered is delivered, then a sweep runs every so often as the safety net. Closing waits for deliveries
 * under way.
 */
export function registerOutbox(app: FastifyInstance, opts: OutboxOptions = {}): Outbox {
  const outbox = new Outbox(app.database, app.log, opts);
  app.decorate('outbox', outbox);
  app.addHook('onReady', () => outbox.start());
  app.addHook('preClose', () => outbox.close());
  return outbox;
}
