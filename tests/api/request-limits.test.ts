import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { loadConfig } from '#server/config';
import { describeOnBothDatabases } from '#tests/support/databases';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * Issue 35 item 4: what one request may hold (docs/decisions/0156). Each call takes a body of the size of
 * what it reads (413 with the envelope beyond it), and a body that is not an upload must arrive within
 * HTTP_BODY_TIMEOUT_MS (408 with the envelope); uploads keep the whole request's time.
 */
const BODY_TIMEOUT_MS = 1500;

/** A connection that writes `head`, then one byte every `everyMs` until the server closes it. */
function trickle(port: number, head: string, everyMs: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  const started = Date.now();
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
  });
  const closed = new Promise<{ answer: string; afterMs: number }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer: received, afterMs: Date.now() - started });
    }),
  );
  return { closed, stop: () => socket.destroy(), isOpen: () => !socket.destroyed && received === '' };
}

const post = (path: string, contentType: string, length: number, token = '') =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n` +
  `${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n`;

describeOnBothDatabases(
  'What one request may hold',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx().app.server.address() as AddressInfo).port;
    });

    /** A JSON body of about `bytes`; a portal call is made signed in, so what answers is the body's reading. */
    const send = (url: string, bytes: number, language = 'en', token = '') =>
      ctx().app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          'accept-language': language,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify({ verificationToken: 'x'.repeat(bytes) }),
      });

    it('refuses a token call a body of more than a few kB with 413 and the envelope, in the language asked', async () => {
      const refused = await send(API.verifyEmail, 9 * 1024, 'es');
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        result: 0,
        message: 'Esta solicitud es más grande de lo que admite esta llamada.',
        data: null,
      });
      expect((await send(API.vetLogin, 9 * 1024)).statusCode).toBe(413);
      // a token call's own size is read as usual: 400 for a token that is too long, never 413
      expect((await send(API.verifyEmail, 2 * 1024)).statusCode).toBe(400);
    });

    it('takes tens of kB for the pet form and no more than it needs; other JSON calls less', async () => {
      // taken and read: 400 for a text longer than any field may be, never 413 (signed in: the session is checked first)
      const token = await loginClinic(ctx().app, DEMO_CLINIC);
      expect((await send(API.createVetPet, 120 * 1024, 'en', token)).statusCode).toBe(400);
      expect((await send(API.createVetPet, 300 * 1024)).statusCode).toBe(413);
      expect((await send(API.sendVetReminders, 120 * 1024)).statusCode).toBe(413);
      expect((await send(API.sendVetReminders, 1024 * 1024)).statusCode).toBe(413);
    });

    it('cuts a small JSON body sent a byte at a time within its body time (408, the envelope)', async () => {
      const client = trickle(port, `${post(API.verifyEmail, 'application/json', 4096)}{`, 200);
      const { answer, afterMs } = await client.closed;
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ result: 0, data: null });
      expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS + 2000);
    }, 20_000);

    it('leaves an upload the whole request time', async () => {
      const boundary = 'b0undary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="imageFile"; filename="a.png"\r\n\r\n`;
      const token = await loginClinic(ctx().app, DEMO_CLINIC);
      const client = trickle(
        port,
        post(API.createVetPet, `multipart/form-data; boundary=${boundary}`, 100_000, token) + head,
        200,
      );
      await new Promise((resolve) => setTimeout(resolve, 2 * BODY_TIMEOUT_MS));
      expect(client.isOpen()).toBe(true);
      client.stop();
      await client.closed;
    }, 20_000);
  },
  () => ({ http: { ...loadConfig({}).http, bodyTimeoutMs: BODY_TIMEOUT_MS } }),
);
