import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Who is asking, for counting something once per person (a list's views once a day, a popular search's clicks): the
 * signed-in person (`u:<id>`), else a keyed hash of the caller's address (`a:<hash>`): never the User-Agent or another
 * header a caller can change with each request. An IPv6 address counts by its /64 network, which one household or
 * phone is handed whole. Neither the id nor the address is stored as it is by the callers that key on a hash.
 */
export function visitorOf(req: FastifyRequest, secret: string): string {
  const user = req.sessionUser();
  if (user) return `u:${user.id}`;
  return `a:${createHmac('sha256', secret).update(addressKey(req.ip)).digest('base64url').slice(0, 32)}`;
}

/** An address as views count it: IPv4 (also written IPv4-mapped) as it is, IPv6 by its first 64 bits. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}
