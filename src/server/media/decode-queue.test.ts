// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '#server/http/errors';
import { decodeInTurn } from '#server/media/decode-queue';

describe('decodeInTurn', () => {
  it('decodes one image at a time, in order, and refuses a line longer than 40 with 429', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) =>
      decodeInTurn(async () => {
        running++;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return n;
      });
    // one running, 40 waiting
    const admitted = Array.from({ length: 41 }, (_, i) => task(i));
    await expect(task(99)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(task(99)).rejects.toMatchObject({ messageKey: 'imagesBusy', retryAfterSeconds: 5 });
    while (order.length < 41 || releases.length > 0) {
      await new Promise((r) => setTimeout(r, 0));
      releases.shift()?.();
    }
    expect(await Promise.all(admitted)).toEqual(Array.from({ length: 41 }, (_, i) => i));
    expect(order).toEqual(Array.from({ length: 41 }, (_, i) => i));
    expect(most).toBe(1);
  });

  it('passes a failure to its caller and goes on with the next', async () => {
    await expect(decodeInTurn(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await decodeInTurn(async () => 'next')).toBe('next');
  });
});
