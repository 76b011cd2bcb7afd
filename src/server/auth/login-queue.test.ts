// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '#server/http/errors';
import { LoginQueue } from '#server/auth/login-queue';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LoginQueue', () => {
  it('bounds the logins of one address and of the whole line with 429, before anything else', () => {
    const queue = new LoginQueue({ checksAtOnce: 1, maxWaiting: 3, maxPerAddress: 2 });
    queue.admit('a');
    queue.admit('a');
    expect(() => queue.admit('a')).toThrow(TooManyRequestsError);
    expect(() => queue.admit('a')).toThrow(
      expect.objectContaining({ messageKey: 'tooManyLoginsAtOnce', retryAfterSeconds: 1 }),
    );
    queue.admit('b');
    queue.admit('c');
    expect(() => queue.admit('d')).toThrow(expect.objectContaining({ messageKey: 'loginBusy' }));
  });

  it('gives a freed check to the address waiting longest since its last turn, not to an earlier burst', async () => {
    const queue = new LoginQueue({ checksAtOnce: 1, maxWaiting: 10, maxPerAddress: 3 });
    const order: string[] = [];
    const run = async (address: string, name: string) => {
      const ticket = queue.admit(address);
      await ticket.turn();
      order.push(name);
      return ticket;
    };
    const first = await run('attacker', 'a1');
    const a2 = run('attacker', 'a2');
    const a3 = run('attacker', 'a3');
    const real = run('real', 'r');
    await tick();
    first.leave();
    (await real).leave();
    (await a2).leave();
    (await a3).leave();
    expect(order).toEqual(['a1', 'r', 'a2', 'a3']);
  });

  it('a login that leaves while waiting gives its place up; one that leaves twice counts once', async () => {
    const queue = new LoginQueue({ checksAtOnce: 1, maxWaiting: 1, maxPerAddress: 1 });
    const running = queue.admit('a');
    await running.turn();
    const waiting = queue.admit('b');
    void waiting.turn();
    waiting.leave();
    waiting.leave();
    const next = queue.admit('c');
    running.leave();
    await next.turn();
    next.leave();
    expect(() => queue.admit('a')).not.toThrow();
  });
});
