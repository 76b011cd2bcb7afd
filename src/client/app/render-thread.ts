/**
 * A render thread of the server (worker_threads; docs/decisions/0100): the server renderer
 * (entry-server.tsx) in a thread of its own, so pages render beside the server's thread, which
 * keeps answering requests and holds the database. Built by `vite build --ssr` into
 * dist/server/render-thread.js and started by src/server/pages/render-threads.ts.
 */
import { parentPort } from 'node:worker_threads';
import { render } from '#client/app/entry-server';
import type { FromRenderThread, ToRenderThread } from '#shared/contract/server-render-state';

const server = parentPort;
if (!server) throw new Error('render-thread.js runs as a worker thread of the server');

const send = (message: FromRenderThread) => server.postMessage(message);
const waiting = new Map<number, (answer: Extract<ToRenderThread, { kind: 'answer' }>) => void>();
let calls = 0;

server.on('message', (message: ToRenderThread) => {
  if (message.kind === 'answer') {
    waiting.get(message.call)?.(message);
    waiting.delete(message.call);
    return;
  }
  const { job, input } = message;
  const fetchApi = (url: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      const call = ++calls;
      waiting.set(call, (answer) =>
        resolve(new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } })),
      );
      send({
        kind: 'call',
        job,
        call,
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? init.body : null,
      });
    });
  render({ ...input, fetchApi }).then(
    (result) => send({ kind: 'rendered', job, result }),
    (error: unknown) =>
      send({ kind: 'failed', job, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
