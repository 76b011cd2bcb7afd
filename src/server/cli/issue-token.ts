/**
 * npm run token -- reset|verify|invite [--owner <username>] [--pet <public id>]
 *
 * Issues a one-time token for a demo owner (as the mobile app's back office would e-mail it) and
 * prints the page link. Uses the configured database (DATA_DIR or DATABASE_URL, from the
 * environment and .env). The embedded PGlite database allows one process: stop the server first
 * (with DATABASE_URL the server may keep running).
 */
import 'dotenv/config';
import { ConfigError, loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { seedIfEmpty } from '#server/db/seed/index';
import { DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock';
import { IssueTokenError, issueTokenLink } from '#server/accounts/issue-demo-token';
import type { OneTimeTokenKind } from '#server/accounts/one-time-tokens';
import { errorText } from '#server/http/loggable-error';

const KINDS: readonly OneTimeTokenKind[] = ['reset', 'verify', 'invite'];
const USAGE = 'Usage: npm run token -- reset|verify|invite [--owner <username>] [--pet <public id, invite only>]';

interface TokenArgs {
  kind: OneTimeTokenKind;
  owner?: string;
  pet?: string;
}

function parseTokenArgs(argv: string[]): TokenArgs {
  const [kind, ...rest] = argv;
  if (!KINDS.includes(kind as OneTimeTokenKind)) throw new IssueTokenError(USAGE);
  const args: TokenArgs = { kind: kind as OneTimeTokenKind };
  for (let i = 0; i < rest.length; i += 2) {
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('--')) throw new IssueTokenError(`${rest[i]} needs a value. ${USAGE}`);
    if (rest[i] === '--owner') args.owner = value;
    else if (rest[i] === '--pet') args.pet = value;
    else throw new IssueTokenError(`Unknown option ${rest[i]}. ${USAGE}`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseTokenArgs(process.argv.slice(2));
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  let release = () => {};
  if (embedded) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        throw new IssueTokenError(
          `The embedded database in ${config.dataDir} is open in a running Pawtal server, and PGlite ` +
            `allows one process. ` +
            'Stop the server, run this command, then start the server again (with DATABASE_URL the server ' +
            'may keep running).',
        );
      }
      throw err;
    }
  }
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      // Like the server's start: an empty database gets the demo data first.
      if (config.seedDemoData) await seedIfEmpty(database.db, config);
      const issued = await issueTokenLink(database.db, config, {
        kind: args.kind,
        owner: args.owner,
        petPublicId: args.pet,
      });
      console.log(`${issued.kind} token for ${issued.ownerUsername}, valid until ${issued.expiresAt.toISOString()}:`);
      console.log(issued.link);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((err: unknown) => {
  if (err instanceof IssueTokenError || err instanceof ConfigError) console.error(err.message);
  else console.error('Could not issue the token:', errorText(err));
  process.exit(1);
});
