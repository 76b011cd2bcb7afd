import { BlockList, isIPv4 } from 'node:net';
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Socket } from 'node:net';
import type { Config, HttpLimits } from '#server/config';
import { serverMessage } from '#server/http/messages';

/**
 * The server's timeouts (docs/decisions/0092), as Fastify's options: a client that sends its
 * headers or its body slowly (a byte every few seconds) is cut off when its time is up, with 408,
 * instead of holding a connection and its memory indefinitely. Node checks running requests
 * against these every `connectionsCheckingInterval`, so that is kept well under the shortest.
 */
export function serverTimeouts(
  limits: HttpLimits,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  const checkEvery = Math.max(250, Math.min(5000, Math.floor(limits.headersTimeoutMs / 4)));
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: checkEvery },
  };
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/**
 * Which connections the cap leaves alone: a proxy's (TRUST_PROXY). With `true` or a hop count every
 * connection comes through the proxy, so there is no client address to cap here: the proxy must
 * cap them (docs/operations.md). With a list, the listed addresses are exempt and others capped.
 */
function exemptPeers(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true || typeof trustProxy === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address, prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix) list.addSubnet(address, Number(prefix), family);
    else list.addAddress(address, family);
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * At most `max` open connections per client address (0: no cap): the next one is answered 429
 * with the envelope and closed before any of its bytes are read. Counting costs a map entry per
 * address, so one address cannot hold hundreds of slow connections and their memory.
 */
export function capConnectionsPerAddress(server: Server, max: number, trustProxy: Config['trustProxy']): void {
  if (max <= 0) return;
  const exempt = exemptPeers(trustProxy);
  const open = new Map<string, number>();
  const body = JSON.stringify({ result: 0, message: serverMessage('tooManyConnections'), data: null });
  const refusal =
    'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\nCache-Control: private, no-store\r\n' +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  // Before the HTTP server's own listener: a refused connection's bytes reach no request handler.
  server.prependListener('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return;
    const address = plainAddress(socket.remoteAddress);
    if (exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(refusal);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
