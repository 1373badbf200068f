import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EventHub, type StreamHandle } from './events.ts';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** A stream as the route hands it to the hub, keeping what it was sent. */
function handle(userId: string, sessionId: string, expiresAt: number) {
  const h: StreamHandle & { sent: string; ended: boolean } = {
    userId,
    sessionId,
    expiresAt,
    sent: '',
    ended: false,
    write: (text: string) => {
      h.sent += text;
    },
    pending: () => 0,
    end: () => {
      h.ended = true;
    },
    destroy: () => {
      h.ended = true;
    },
  };
  return h;
}

describe('EventHub without Redis', () => {
  it('ends a stream without an event once the session it was opened with expires', async () => {
    const hub = new EventHub(null, log, { heartbeatMs: 10_000 });
    const soon = handle('u1', 's1', Date.now() + 50);
    const later = handle('u1', 's2', Date.now() + 60_000);
    hub.attach(soon);
    hub.attach(later);
    await new Promise((r) => setTimeout(r, 120));
    expect(soon.ended).toBe(true);
    expect(soon.sent).toBe('');
    expect(later.ended).toBe(false);
    expect(hub.streamCount).toBe(1);
    await hub.close();
    expect(later.ended).toBe(true);
  });

  it("ends one session's streams, or all of a person's, after the event that says why", async () => {
    const hub = new EventHub(null, log, { perPerson: 5 });
    const far = Date.now() + 60_000;
    const [a1, a2, b1, other] = [handle('a', 'a-1', far), handle('a', 'a-2', far), handle('b', 'b-1', far), handle('c', 'c-1', far)];
    for (const h of [a1, a2, b1, other]) hub.attach(h);
    hub.endSession('a-1');
    expect(a1.sent).toBe('event: signed-out\ndata: {}\n\n');
    expect([a1.ended, a2.ended]).toEqual([true, false]);
    hub.endPerson('b', 'account-closed');
    expect(b1.sent).toBe('event: account-closed\ndata: {}\n\n');
    expect([b1.ended, a2.ended, other.ended]).toEqual([true, false, false]);
    hub.publish('a', 'notification', { n: 1 });
    expect(a2.sent).toBe('event: notification\ndata: {"n":1}\n\n');
    expect(a1.sent).not.toContain('notification');
    await hub.close();
  });
});
