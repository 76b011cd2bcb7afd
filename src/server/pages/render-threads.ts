import { Worker } from 'node:worker_threads';
import type { FromRenderThread, RenderInput, RenderResult, ToRenderThread } from '#shared/contract/server-render-state';

interface Job {
  fetchApi: RenderInput['fetchApi'];
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
}

/**
 * Pages rendered in worker threads (dist/server/render-thread.js; docs/decisions/0100): a first
 * render is about 10 ms of CPU of React, MUI and emotion, which in the server's own thread would
 * hold up every other request, and would use one core where the machine has more. The page's API
 * calls come back to the server's thread (fetchApi: app.inject, the database, the caches). Each
 * page goes to the thread with the fewest pages under way; a thread that dies fails its pages (the
 * browser renders them) and is replaced by the next render.
 */
export class RenderThreads {
  private readonly threads: (Thread | null)[];
  private jobs = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    size: number,
  ) {
    this.threads = Array.from({ length: size }, () => null);
  }

  render(input: RenderInput): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new Error('the render threads are closed'));
    const thread = this.leastBusy();
    const job = ++this.jobs;
    const { fetchApi, ...rest } = input;
    return new Promise<RenderResult>((resolve, reject) => {
      thread.jobs.set(job, { fetchApi, resolve, reject });
      thread.worker.postMessage({ kind: 'render', job, input: rest } satisfies ToRenderThread);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t?.worker.terminate()));
  }

  private leastBusy(): Thread {
    let best = -1;
    for (let i = 0; i < this.threads.length; i++) {
      const thread = this.threads[i];
      if (!thread) {
        this.threads[i] = this.start(i);
        return this.threads[i] as Thread;
      }
      if (best < 0 || thread.jobs.size < (this.threads[best] as Thread).jobs.size) best = i;
    }
    return this.threads[best] as Thread;
  }

  private start(slot: number): Thread {
    const worker = new Worker(this.file);
    const thread: Thread = { worker, jobs: new Map() };
    worker.on('message', (message: FromRenderThread) => {
      if (message.kind === 'call') {
        const job = thread.jobs.get(message.job);
        if (!job) return;
        void answer(job, message).then((reply) => worker.postMessage(reply));
        return;
      }
      const job = thread.jobs.get(message.job);
      thread.jobs.delete(message.job);
      if (message.kind === 'rendered') job?.resolve(message.result);
      else job?.reject(new Error(`render thread: ${message.message}`));
    });
    const fail = (error: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = null;
      for (const job of thread.jobs.values()) job.reject(error);
      thread.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render thread exited (${code})`)));
    return thread;
  }
}

async function answer(job: Job, call: Extract<FromRenderThread, { kind: 'call' }>): Promise<ToRenderThread> {
  try {
    const response = await job.fetchApi(call.url, {
      method: call.method,
      ...(call.body === null ? {} : { body: call.body }),
    });
    return {
      kind: 'answer',
      call: call.call,
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body: await response.text(),
    };
  } catch (error) {
    return {
      kind: 'answer',
      call: call.call,
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ result: 0, message: String(error), data: null }),
    };
  }
}
