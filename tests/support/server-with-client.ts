import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createServer, type RunningServer } from '#server/start';
import { templateSnapshot } from '#tests/support/databases';
import { testConfig } from '#tests/support/test-config';

export interface ServerWithClient {
  server: RunningServer;
  /** stops the server and removes its folder */
  stop(): Promise<void>;
}

/**
 * A server on the PGlite template (loaded into memory) with a client folder of its own: `clientFiles` by path
 * inside dist/client (index.html at least) and, when given, a stand-in for the server renderer
 * (dist/server/entry-server.js), so page serving is tested without a build.
 */
export async function startServerWithClient(
  name: string,
  clientFiles: Record<string, string>,
  renderer?: string,
): Promise<ServerWithClient> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `pawtal-${name}-`));
  const mediaDir = path.join(workDir, 'media');
  fs.cpSync(path.join(inject('pgliteTemplateDir'), 'media'), mediaDir, { recursive: true });
  const clientDir = path.join(workDir, 'client');
  for (const [file, text] of Object.entries(clientFiles)) {
    fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, file), text);
  }
  if (renderer !== undefined) {
    fs.mkdirSync(path.join(workDir, 'server'));
    fs.writeFileSync(path.join(workDir, 'server', 'entry-server.js'), renderer);
  }
  const server = await createServer(testConfig({ dataDir: 'memory://', mediaDir, databaseUrl: null }), {
    clientDir,
    logger: false,
    pgliteSnapshot: templateSnapshot(),
  });
  return {
    server,
    stop: async () => {
      await server.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
