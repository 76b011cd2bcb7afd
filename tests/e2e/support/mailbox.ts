import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The messages the e2e SMTP server received (./smtp-sink.ts), oldest first. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const dir = process.env.PAWTAL_E2E_MAIL_DIR;
  if (!dir || !fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

/** Waits for a message matching `match` that arrived after `since` (a count of earlier messages). */
export async function waitForMail(
  match: (m: ParsedMail) => boolean,
  since: number,
  timeoutMs = 30_000,
): Promise<ParsedMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = (await receivedMail()).slice(since).find(match);
    if (found) return found;
    if (Date.now() > end) throw new Error('no matching e-mail arrived');
    await new Promise((r) => setTimeout(r, 200));
  }
}
