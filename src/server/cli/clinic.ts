/**
 * npm run clinic -- create --name "…" --email admin@… [--phone …] [--address …] [--admin-name …] [--language xx]
 * npm run clinic -- reset-two-factor --username …
 *
 * A clinic without a developer (issue 31): `create` makes a clinic and e-mails its first administrator an invitation
 * (queued in the outbox: a running server sends it), and prints a link to it; `reset-two-factor` turns off the
 * two-factor sign-in of someone who lost their phone and their recovery codes (docs/operations.md). Uses the
 * configured database as `npm run token` does (withCliDatabase): on the embedded database, stop the server first.
 */
import 'dotenv/config';
import { ConfigError, loadConfig } from '#server/config';
import { CliError, withCliDatabase } from '#server/cli/cli-database';
import { errorText } from '#server/http/loggable-error';
import { ClinicInputError, createClinic, resetTwoFactor } from '#server/staff/create-clinic';

const USAGE =
  'Usage: npm run clinic -- create --name "Clinic name" --email admin@example.org [--phone …] [--address …] ' +
  '[--admin-name …] [--language en]\n       npm run clinic -- reset-two-factor --username …';

const OPTIONS = {
  create: ['--name', '--email', '--phone', '--address', '--admin-name', '--language'],
  'reset-two-factor': ['--username'],
} as const;
type Command = keyof typeof OPTIONS;

function parseArgs(argv: string[]): { command: Command; values: Map<string, string> } {
  const [command, ...rest] = argv;
  if (command !== 'create' && command !== 'reset-two-factor') throw new CliError(USAGE);
  const values = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const [option, value] = [rest[i], rest[i + 1]];
    if (!(OPTIONS[command] as readonly string[]).includes(option))
      throw new CliError(`Unknown option ${option}. ${USAGE}`);
    if (value === undefined || value.startsWith('--')) throw new CliError(`${option} needs a value. ${USAGE}`);
    values.set(option, value);
  }
  return { command, values };
}

async function main(): Promise<void> {
  const { command, values } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (command === 'reset-two-factor') {
    const username = values.get('--username');
    if (!username) throw new CliError(USAGE);
    const done = await withCliDatabase(config, (db) => resetTwoFactor(db, username));
    console.log(
      done ? `Two-factor sign-in of ${username} is off.` : `${username} has no two-factor sign-in to turn off.`,
    );
    return;
  }
  const name = values.get('--name');
  const email = values.get('--email');
  if (!name || !email) throw new CliError(USAGE);
  const created = await withCliDatabase(config, (db) =>
    createClinic(
      db,
      {
        name,
        email,
        phone: values.get('--phone'),
        address: values.get('--address'),
        adminName: values.get('--admin-name'),
        language: values.get('--language'),
      },
      config.publicUrl,
      config.mailPerRecipientPerDay,
    ),
  );
  // The address is the one just typed: printed back to whoever typed it, never logged.
  console.log(
    `Clinic ${created.clinicId} created; its first administrator's invitation is e-mailed when the server runs.`,
  );
  console.log(`The invitation's link (valid 7 days, once):`);
  console.log(created.link);
}

main().catch((err: unknown) => {
  if (err instanceof CliError || err instanceof ConfigError || err instanceof ClinicInputError)
    console.error(err.message);
  else console.error('Could not finish:', errorText(err));
  process.exit(1);
});
