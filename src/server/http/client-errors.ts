import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { serverMessage, type ServerMessageKey } from '#server/http/messages';

/** Node's parser's error codes and the status each is answered with (as Node's own default does). */
const STATUS_BY_CODE: Record<string, { status: number; key: ServerMessageKey }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'bodyTooSlow' },
  HPE_HEADER_OVERFLOW: { status: 431, key: 'headersTooLarge' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, key: 'bodyTooLarge' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before any route sees it (a body
 * cut off by a half-closed connection, headers too large or too slow, bytes that are not HTTP) is
 * answered with the envelope and its 4xx, like every other refusal; Fastify's default answered
 * {"error":"Bad Request","message":"Client Error"}. The headers may not have been read, so the
 * message is in English.
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = STATUS_BY_CODE[err.code ?? ''] ?? { status: 400, key: 'requestIncomplete' };
  this.log.debug({ code: err.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ result: 0, message: serverMessage(key), data: null });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nCache-Control: private, no-store\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
