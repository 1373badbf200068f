import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './process.ts';

/**
 * A TCP proxy on a loopback port of its own in front of `target` (host:port), which a test cuts and restores: cut
 * closes every connection through it (the far side sees its connections reset) and refuses new ones, as when the
 * database's machine goes away; restore listens again on the same port. The database server itself is never touched.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Connections through the proxy right now. */
  open(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect({ host: target.host, port: target.port });
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    });
  await listen();
  return {
    port,
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: stopListening,
    async restore() {
      // The port may linger a moment after close: try again briefly.
      for (let tries = 0; ; tries++) {
        try {
          return await listen();
        } catch (err) {
          if (tries === 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    open: () => sockets.size / 2,
    close: stopListening,
  };
}
