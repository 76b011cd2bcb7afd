import type net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_USER = 'pawtal';
const SMTP_PASSWORD = 'mail-secret';

export interface ReceivedMail {
  mail: ParsedMail;
  raw: string;
  envelopeTo: string[];
}

/**
 * A real SMTP server in the test process (smtp-server), with credentials, that parses what arrives
 * (mailparser). It can refuse messages with a given code and can be killed mid-message and started
 * again on the same port, like a mail server that crashes.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;
  private sockets = new Set<net.Socket>();
  private refusals: { code: number; text: string }[] = [];
  private crashAfter: number | null = null;
  private onCrash: (() => void) | null = null;

  get url(): string {
    return `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${this.port}`;
  }

  /** Answers the next `count` messages with `code` (4xx: try again later, 5xx: refused for good). */
  refuseNext(count: number, code: number, text = code >= 500 ? 'Mailbox unavailable' : 'Try again later'): void {
    for (let i = 0; i < count; i++) this.refusals.push({ code, text });
  }

  /** After `count` more accepted messages, the server dies while the next one arrives; resolves when it has. */
  crashAfterMessages(count: number): Promise<void> {
    this.crashAfter = this.received.length + count;
    return new Promise((resolve) => (this.onCrash = resolve));
  }

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.crashAfter !== null && this.received.length >= this.crashAfter) {
            this.crashAfter = null;
            const server = this.server;
            this.kill();
            // resolved once the port is free, so the test can start the server on it again
            if (server) server.server.once('close', () => this.onCrash?.());
            else this.onCrash?.();
            return;
          }
          const refusal = this.refusals.shift();
          if (refusal) {
            callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (mail) => {
              this.received.push({ mail, raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    server.server.on('connection', (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Dies at once: every connection cut, nothing answered. */
  kill(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.server?.server.close();
    this.server = null;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.kill();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  clear(): void {
    this.received.length = 0;
    this.refusals = [];
    this.crashAfter = null;
  }
}

/** Polls until `check` holds (or fails the test after `timeoutMs`). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
