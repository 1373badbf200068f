import type { FastifyInstance } from 'fastify';
import type { Notification } from '../../../../common/contracts/people.ts';
import { EventHub } from './events.ts';
import type { StoredNotification } from './notifications.service.ts';
import { type NotifyInput, notify, presentNotifications, unreadCount } from './notifications.service.ts';
import { peopleRoutes } from './people.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to signed-in pages (server-sent events; across processes through Redis when REDIS_URL is set). */
    events: EventHub;
    /**
     * Tells a person of something (a like, a reply, a join request...): recorded (bursts group) and pushed live to
     * their open pages. What other modules call; never fails their request (errors are logged).
     */
    notify(input: NotifyInput): Promise<Notification | null>;
    /** Pushes a notification already recorded (inside a caller's transaction) to the person's open pages. */
    announceNotification(row: StoredNotification): Promise<Notification>;
  }
}

/** The people module: decorations other modules use (`app.notify`, `app.events`), then its routes. */
export async function installPeople(app: FastifyInstance): Promise<void> {
  const events = new EventHub(app.redis, app.log, `${app.config.REDIS_PREFIX}:people-events`);
  app.decorate('events', events);
  const announce = async (row: StoredNotification): Promise<Notification> => {
    const [notification] = await presentNotifications(app.database.db, [row]);
    events.publish(row.userId, 'notification', { notification, unreadCount: await unreadCount(app.database.db, row.userId) });
    return notification;
  };
  app.decorate('announceNotification', announce);
  app.decorate('notify', async (input: NotifyInput) => {
    try {
      const row = await notify(app.database.db, input);
      return row ? await announce(row) : null;
    } catch (err) {
      app.log.error({ err }, 'notification failed');
      return null;
    }
  });
  app.addHook('onReady', () => events.listen());
  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => events.close());
  await app.register(peopleRoutes);
}
