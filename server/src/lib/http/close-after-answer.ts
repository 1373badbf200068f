import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a connection refused in the middle of its body stays open after the answer, at most. */
export const LINGER_MS = 2000;

/**
 * Answers with `Connection: close` a request whose body is refused before all of it has arrived (a 413), and closes
 * the connection the way web servers do (a lingering close): the answer and the end of the stream go out at once, and
 * the socket is destroyed when the client hangs up, or after LINGER_MS.
 *
 * Closing at once, with the client's bytes still unread, makes the kernel reset the connection and drop whatever of
 * the answer it has not delivered yet: a client still sending would see EPIPE or ECONNRESET instead of the 413 and
 * its message. Node closes a `Connection: close` response's socket with `destroySoon()`; this socket's is replaced.
 */
export function closeAfterAnswer(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = req.raw.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket || socket.destroyed) return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
