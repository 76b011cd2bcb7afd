/**
 * Runs before the e2e web server starts (playwright.config.ts webServer command): a fresh
 * DATA_DIR with the demo data (migrated and seeded exactly as the server's start does), plus
 * one-time tokens issued the way `npm run token` issues them, written to
 * <DATA_DIR>/e2e-tokens.json for the specs. PGlite allows one process, so this must finish before
 * the server opens the directory; the server then finds it seeded and does not seed again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { seedIfEmpty } from '#server/db/seed/index';
import { lockDataDir } from '#server/db/data-dir-lock';
import { issueTokenLink } from '#server/accounts/issue-demo-token';
import type { OneTimeTokenKind } from '#server/accounts/one-time-tokens';
import type { E2eTokens } from '#tests/e2e/support/tokens';

/** Tokens of each kind: one per attempt (a retried test needs a fresh single-use token). */
const PER_KIND = 3;

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('prepare-data expects the embedded database (no DATABASE_URL)');
  fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
    try {
      await seedIfEmpty(database.db, config);
      const tokens: E2eTokens = { reset: [], verify: [], invite: [] };
      for (const kind of Object.keys(tokens) as OneTimeTokenKind[]) {
        for (let i = 0; i < PER_KIND; i++)
          tokens[kind].push((await issueTokenLink(database.db, config, { kind })).token);
      }
      fs.writeFileSync(path.join(config.dataDir, 'e2e-tokens.json'), JSON.stringify(tokens));
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((err: unknown) => {
  console.error('e2e data preparation failed:', err);
  process.exit(1);
});
