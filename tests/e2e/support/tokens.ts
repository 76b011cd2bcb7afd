import fs from 'node:fs';
import path from 'node:path';

export interface E2eTokens {
  reset: string[];
  verify: string[];
  invite: string[];
}

/** The one-time tokens prepare-data.ts issued into the e2e data directory. */
export function e2eTokens(): E2eTokens {
  const dir = process.env.PAWTAL_E2E_DATA_DIR;
  if (!dir) throw new Error('PAWTAL_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return JSON.parse(fs.readFileSync(path.join(dir, 'e2e-tokens.json'), 'utf8')) as E2eTokens;
}
