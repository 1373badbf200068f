/**
 * Answers made in one turn of the event loop leave together, at the end of that turn.
 *
 * Under load the event loop takes many requests from one poll of the sockets and answers most of them in the same
 * turn. Written one by one, each answer leaves as soon as it is ready, and each send wakes a client that has gone
 * back to sleep since the previous one: when the client is on the same machine (a reverse proxy, a load generator),
 * the kernel pays for that wake-up on our core. Held until the turn ends and then written back to back, the first
 * send wakes the client and the rest find it awake (Netty's FlushConsolidationHandler and uWebSockets' per-loop
 * corking do the same). In the discovery benchmark this took a kept title page from about 60 to about 40 µs.
 *
 * Corking the socket is not enough: Node's `ServerResponse.end()` uncorks its socket fully whatever else corked
 * it. So the answer's whole write is what waits: `soon(write)` queues it, and a single `setImmediate` (the check
 * phase, which follows the poll phase that delivered the requests) runs every write queued in the turn, in order.
 * A request alone in its turn waits only for the rest of that turn's callbacks: microseconds when the server is idle.
 */
export interface WriteBatcher {
  /** Runs `write` at the end of this turn of the event loop, after the writes queued before it. */
  soon(write: () => void): void;
  /** Writes queued and not yet run. */
  pending(): number;
}

export function createWriteBatcher(onError: (err: unknown) => void): WriteBatcher {
  let queue: (() => void)[] = [];

  function release(): void {
    const writes = queue;
    queue = [];
    for (const write of writes) {
      // One failed write (a socket that broke meanwhile, say) must not keep the others from leaving.
      try {
        write();
      } catch (err) {
        onError(err);
      }
    }
  }

  return {
    soon(write) {
      if (queue.push(write) === 1) setImmediate(release);
    },
    pending: () => queue.length,
  };
}
