import { TooManyRequestsError } from '#server/http/errors';

/** What a login waits in: a few password checks at once, a bounded line, and a bound per address. */
export interface LoginQueueLimits {
  /** password checks running at once (each scrypt takes 128 MiB and a thread of libuv's pool) */
  checksAtOnce: number;
  /** logins waiting for a check, over every address; the next one is refused */
  maxWaiting: number;
  /** logins of one address waiting or being checked; the next one from there is refused */
  maxPerAddress: number;
}

/** A login's place: `turn` resolves when its password may be checked; `leave` when it is done (always). */
export interface LoginTicket {
  turn(): Promise<void>;
  leave(): void;
}

/** How long a login refused by the queue is told to wait: about one password check. */
const BUSY_RETRY_SECONDS = 1;

/**
 * The line of logins of one server (docs/decisions/0091). Admission is immediate and costs
 * nothing: an address that already has `maxPerAddress` logins in the line, or a line that is full,
 * gets 429 before anything is counted or read; so 30 wrong passwords sent at once from one address
 * put at most `maxPerAddress` of them in the line. Turns go round the addresses: a freed check goes
 * to the waiting login whose address had its last turn longest ago (never, first), so a real login
 * from elsewhere waits for the checks running when it arrives, not for a burst queued before it.
 */
export class LoginQueue {
  private running = 0;
  /** logins admitted and not yet left: checking, waiting, or counting their attempt before they wait */
  private admitted = 0;
  private readonly waiting: { address: string; wake: () => void }[] = [];
  private readonly perAddress = new Map<string, number>();
  /** when each address with logins in the line last got a check (a counter of turns) */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;

  constructor(private readonly limits: LoginQueueLimits) {}

  private giveTurn(address: string): void {
    this.turns += 1;
    this.lastTurn.set(address, this.turns);
  }

  /** The waiting login whose address waited longest since its last turn (in arrival order among equals). */
  private nextWaiting(): { address: string; wake: () => void } | undefined {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) {
      if (
        best < 0 ||
        (this.lastTurn.get(this.waiting[i].address) ?? 0) < (this.lastTurn.get(this.waiting[best].address) ?? 0)
      )
        best = i;
    }
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }

  /** A place in the line for a login from `address`, or 429 (the envelope and Retry-After). */
  admit(address: string): LoginTicket {
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.limits.maxPerAddress) throw new TooManyRequestsError('tooManyLoginsAtOnce', BUSY_RETRY_SECONDS);
    if (this.admitted >= this.limits.checksAtOnce + this.limits.maxWaiting)
      throw new TooManyRequestsError('loginBusy', BUSY_RETRY_SECONDS);
    this.perAddress.set(address, mine + 1);
    this.admitted++;
    let state: 'admitted' | 'waiting' | 'checking' | 'left' = 'admitted';
    const entry = { address, wake: () => {} };
    return {
      turn: () => {
        if (state !== 'admitted') throw new Error('a login ticket takes its turn once');
        if (this.running < this.limits.checksAtOnce) {
          this.running++;
          state = 'checking';
          this.giveTurn(address);
          return Promise.resolve();
        }
        state = 'waiting';
        return new Promise<void>((resolve) => {
          entry.wake = () => {
            state = 'checking';
            this.giveTurn(address);
            resolve();
          };
          this.waiting.push(entry);
        });
      },
      leave: () => {
        if (state === 'left') return;
        if (state === 'waiting') {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
        }
        if (state === 'checking') {
          const next = this.nextWaiting();
          // The slot passes straight to the next in line.
          if (next) next.wake();
          else this.running--;
        }
        state = 'left';
        this.admitted--;
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else {
          this.perAddress.delete(address);
          this.lastTurn.delete(address);
        }
      },
    };
  }
}
