/**
 * Portal UI timing (issue 5): from pressing Login on /Dashboard to the first rendered visit list,
 * in Debian's Chromium against the served production build (port 3871), median of several logins.
 * The login call itself (scrypt) is timed apart, so the UI's share is visible.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { API } from '#shared/contract/paths';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';

export interface PortalUiReport {
  runs: number;
  loginToVisitListMs: number[];
  medianLoginToVisitListMs: number;
  medianLoginCallMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function runPortalUiBench(
  opts: { runs?: number; log?: (l: string) => void } = {},
): Promise<PortalUiReport> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const runs = opts.runs ?? 5;
  if (!fs.existsSync('dist/client/index.html'))
    throw new Error('dist/client is missing: the bench builds it first (npx vite build)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-portal-ui-'));
  let server: ServerProcess | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    server = await spawnServer({ port: 3871, env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, readyTimeoutMs: 180_000 });
    const loginToList: number[] = [];
    const loginCall: number[] = [];
    for (let i = 0; i <= runs; i += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.base}/Dashboard`);
      await page.locator('input[name=username]').fill('demo.clinic');
      await page.locator('input[name=password]').fill('Pawtal!2026');
      const loginResponse = page.waitForResponse((r) => r.url().endsWith(API.vetLogin));
      const t0 = performance.now();
      await page.locator('button[type=submit]').click();
      const response = await loginResponse;
      const t1 = performance.now();
      // the first visit: a card on a phone, a row of the Visits grid from 1024 px (this window is 1280 px wide)
      await page.locator('main article, main [role="grid"] [role="row"][data-id]').first().waitFor();
      const t2 = performance.now();
      if (response.status() !== 200) throw new Error(`login answered ${response.status()}`);
      // the first run warms the server and the browser cache; it is not counted
      if (i > 0) {
        loginToList.push(Math.round(t2 - t0));
        loginCall.push(Math.round(t1 - t0));
      }
      await context.close();
    }
    const report = {
      runs,
      loginToVisitListMs: loginToList,
      medianLoginToVisitListMs: median(loginToList),
      medianLoginCallMs: median(loginCall),
    };
    log(
      `  login → first visit list: median ${report.medianLoginToVisitListMs} ms (login call ${report.medianLoginCallMs} ms) over ${runs} runs`,
    );
    return report;
  } finally {
    await browser.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
