import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the runner; workers inherit it (their own pid would name another folder).
const dataDir = (process.env.PAWTAL_E2E_DATA_DIR ??= path.join(os.tmpdir(), `pawtal-e2e-${process.pid}`));
// The e2e SMTP server (tests/e2e/support/smtp-sink.ts, a global setup) starts after the web server
// (Playwright starts webServer first), so its port is chosen here: a free one, once, in the runner.
const smtpPort = (process.env.PAWTAL_E2E_SMTP_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString());
process.env.PAWTAL_E2E_MAIL_DIR ??= `${dataDir}-mail`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  // the SMTP server, then the clinics' sign-ins that the portal specs reuse (storageState)
  globalSetup: ['./tests/e2e/support/smtp-sink.ts', './tests/e2e/support/clinic-session.ts'],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh data directory on each run: prepare-data seeds the demo data and issues the one-time
    // tokens the specs use (tests/e2e/support/tokens.ts), then the server starts on it.
    command: `npx tsx tests/e2e/support/prepare-data.ts && npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${port}/api/General/GetPetTypes`,
    // seeding takes ~40 s idle and ~2 minutes on a loaded machine
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      // Every spec calls from 127.0.0.1, some with unknown pets and tokens on purpose: the failure limits have their
      // API test.
      FAILED_LOOKUP_LIMIT: '100000',
      FAILED_TOKEN_LIMIT: '100000',
      // two workers log in from 127.0.0.1, sometimes at the same moment: the login line has its API test
      LOGIN_QUEUE_PER_ADDRESS: '8',
      // every message goes to the e2e SMTP server; each sighting is e-mailed (no gathering between specs)
      SMTP_URL: `smtp://e2e:e2e-mail@127.0.0.1:${smtpPort}`,
      MAIL_RETRY_BASE_MS: '1000',
      SIGHTING_EMAIL_INTERVAL_MINUTES: '0',
      // a spec may act from its own address (X-Forwarded-For), apart from the sighting rate limit of the others
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
