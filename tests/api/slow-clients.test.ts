import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { serverMessage } from '#server/http/messages';
import { startTestServer, type TestServer } from '#tests/support/databases';

/**
 * Issue 19 item 4: clients that send slowly are cut off, and one address cannot hold many
 * connections open (docs/decisions/0092). Real sockets against a listening server, on a port the system picks (a fixed
 * one collided with whatever else used it on a shared machine).
 */
/** the listening server's port, once it listens */
let port = 0;
const LIMITS = {
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
  bodyTimeoutMs: 2000,
  idleTimeoutMs: 5000,
  keepAliveTimeoutMs: 5000,
  maxConnectionsPerAddress: 3,
};

interface Slow {
  socket: net.Socket;
  /** everything the server sent, once it closed the connection */
  closed: Promise<string>;
  stop(): void;
}

/** A connection that writes `first`, then `drip` every `everyMs` until the server closes it. */
function slowClient(first: string, drip: string, everyMs: number): Slow {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('connect', () => {
    socket.write(first);
    timer = setInterval(() => socket.writable && socket.write(drip), everyMs);
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    });
    socket.on('error', () => {});
  });
  return { socket, closed, stop: () => socket.destroy() };
}

const statusLine = (answer: string) => answer.split('\r\n')[0];
const envelope = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

/** A connection that writes `request`, half-closes (no more bytes will come) and reads the answer. */
function halfClosed(request: string): Promise<string> {
  const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.on('connect', () => socket.end(request));
  return new Promise((resolve) => socket.on('close', () => resolve(received)));
}

describe('Slow clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { http: LIMITS });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await server?.server.stop();
  });

  it('cuts off a body that arrives one byte at a time once the request time is up (408)', async () => {
    const client = slowClient(
      'POST /api/VetAccounts/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ' ',
      300,
    );
    const answer = await client.closed;
    expect(statusLine(answer)).toBe('HTTP/1.1 408 Request Timeout');
  }, 20_000);

  it('cuts off headers that arrive one byte at a time once the header time is up (408)', async () => {
    const client = slowClient('GET /api/health/live HTTP/1.1\r\nHost: x\r\nX-Slow: ', 'a', 200);
    const answer = await client.closed;
    expect(statusLine(answer)).toBe('HTTP/1.1 408 Request Timeout');
    expect(envelope(answer)).toEqual({ result: 0, message: serverMessage('bodyTooSlow'), data: null });
  }, 20_000);

  // Node's parser, not a route, refuses these; Fastify's own answer was {"error":"Bad Request","message":"Client Error"}
  it('answers a body cut off by a half-closed connection 400 with the envelope', async () => {
    const answer = await halfClosed(
      'POST /api/VetAccounts/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    );
    expect(statusLine(answer)).toBe('HTTP/1.1 400 Bad Request');
    expect(envelope(answer)).toEqual({ result: 0, message: serverMessage('requestIncomplete'), data: null });
  }, 20_000);

  it('answers headers larger than the server reads 431 with the envelope', async () => {
    const answer = await halfClosed(`GET /api/health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusLine(answer)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(envelope(answer)).toEqual({ result: 0, message: serverMessage('headersTooLarge'), data: null });
  }, 20_000);

  it('holds at most MAX_CONNECTIONS_PER_ADDRESS connections of one address; the next is answered 429 and closed', async () => {
    const held = [0, 1, 2].map(() => slowClient('GET /api/health/live HTTP/1.1\r\nHost: x\r\n', '', 10_000));
    await Promise.all(held.map((h) => new Promise((resolve) => h.socket.once('connect', resolve))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = slowClient('GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n', '', 10_000);
    const answer = await refused.closed;
    expect(statusLine(answer)).toBe('HTTP/1.1 429 Too Many Requests');
    expect(answer).toMatch(/Retry-After: \d+/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ result: 0, data: null });
    // One of the three closes: a new connection gets in.
    held[0].stop();
    await held[0].closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = slowClient('GET /api/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '', 10_000);
    expect(statusLine(await next.closed)).toBe('HTTP/1.1 200 OK');
    for (const h of held) h.stop();
  }, 20_000);
});

describe('Connection limits in the configuration', () => {
  it('has defaults, reads the environment and refuses a request timeout shorter than the header timeout', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      bodyTimeoutMs: 15_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 64,
    });
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '30000', MAX_CONNECTIONS_PER_ADDRESS: '0' }).http).toMatchObject({
      requestTimeoutMs: 30_000,
      maxConnectionsPerAddress: 0,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
  });
});
