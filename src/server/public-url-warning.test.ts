import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlWarning } from '#server/config';

const warningFor = (env: Record<string, string>) =>
  publicUrlWarning(env, loadConfig({ DATA_DIR: 'memory://', ...env }));

describe('publicUrlWarning', () => {
  it('warns when PUBLIC_URL is the default but the server listens on another host name', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'pets.example.org', '127.0.0.2']) {
      const warning = warningFor({ HOST, PORT: '8080' });
      expect(warning).toContain('PUBLIC_URL is not set');
      expect(warning).toContain('http://localhost:8080');
      expect(warning).toContain(`${HOST}:8080`);
    }
  });

  it('is quiet when PUBLIC_URL is set, or when the server is only reachable as localhost', () => {
    expect(warningFor({ HOST: '0.0.0.0', PUBLIC_URL: 'https://pets.example.org' })).toBeNull();
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(warningFor({ HOST })).toBeNull();
    expect(warningFor({})).toBeNull();
  });
});
