import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { freshDataDir } from '#tests/faults/databases';
import { DEMO_PASSWORD } from '#tests/faults/portal-client';
import { spawnServer } from '#tests/faults/server-process';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('SIGTERM', () => {
  it('lets the request in flight finish, refuses new connections, then exits 0', async () => {
    const data = freshDataDir('sigterm');
    const server = await spawnServer({ env: { DATA_DIR: data.dir } });
    try {
      const body = JSON.stringify({ username: 'demo.clinic', password: DEMO_PASSWORD });
      const socket = net.connect(server.port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      let answer = '';
      socket.on('data', (b: Buffer) => (answer += b.toString()));
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // Headers and half the body: the request is in flight when the signal arrives.
      socket.write(
        `POST ${API.vetLogin} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body.slice(0, 10));
      await new Promise((r) => setTimeout(r, 300));

      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      expect(isAlive(server.child.pid as number)).toBe(true);
      // No new connections once shutting down.
      await expect(fetch(`${server.base}${API.petTypes}`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();

      socket.write(body.slice(10));
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      const json = JSON.parse(
        answer
          .slice(answer.indexOf('\r\n\r\n') + 4)
          .replace(/^[0-9a-f]+\r\n/, '')
          .replace(/\r\n0\r\n\r\n$/, ''),
      ) as { result: number; data: { token: string } };
      expect(json.result).toBe(1);
      expect(json.data.token.length).toBeGreaterThan(20);
      expect(await server.exited).toBe(0);
    } finally {
      await server.kill9();
      data.remove();
    }
  }, 60_000);
});
