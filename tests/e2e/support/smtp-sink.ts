/**
 * Playwright global setup: a real SMTP server (smtp-server) for the e2e web server, which gets its
 * address as SMTP_URL (playwright.config.ts). Each message that arrives is written as an .eml file
 * to PAWTAL_E2E_MAIL_DIR, where the specs read it (./mailbox.ts): the specs run in other processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export const E2E_SMTP_USER = 'e2e';
export const E2E_SMTP_PASSWORD = 'e2e-mail';

export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const port = Number(process.env.PAWTAL_E2E_SMTP_PORT);
  const dir = process.env.PAWTAL_E2E_MAIL_DIR;
  if (!port || !dir) throw new Error('PAWTAL_E2E_SMTP_PORT and PAWTAL_E2E_MAIL_DIR are set by playwright.config.ts');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === E2E_SMTP_USER && auth.password === E2E_SMTP_PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const file = path.join(dir, `${Date.now()}-${String(++count).padStart(4, '0')}.eml`);
        fs.writeFileSync(`${file}.tmp`, Buffer.concat(chunks));
        fs.renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
