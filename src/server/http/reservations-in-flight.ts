/**
 * One address's reservations of a failure limit in flight in this process (src/server/http/failure-limit.ts).
 *
 * A call reserves a failure before its work and gives it back when it was none (a found pet, a good token), so while
 * such calls are in flight the shared count may stand at the limit for a moment although the address is under it.
 * A call refused then waits in line here instead of answering 429: each give-back lets the first in line ask again,
 * and once no reservation is left in flight everyone still in line asks once more (and is refused if the count is
 * really at the limit). A burst of guesses still gets exactly the limit's worth of answers (guesses are kept), and a
 * burst of found pets from one address (many visitors behind one address, a busy machine: the load test on
 * PostgreSQL got 24 such 429s) is answered whole. Counted per process: another process's calls in flight are not
 * waited for.
 */
export class AddressFlights {
  private granted = 0;
  private asking = 0;
  private givenBack = 0;
  private readonly line: (() => void)[] = [];

  /** a reserve() starts asking */
  startAsking(): void {
    this.asking++;
  }

  /** a reserve() has its answer (granted or refused) */
  stopAsking(): void {
    this.asking--;
  }

  /** true when other calls of the address are asking or hold a reservation (besides the one asking) */
  othersBusy(): boolean {
    return this.granted > 0 || this.asking > 1;
  }

  /** true when some reservation of the address is in flight here */
  busy(): boolean {
    return this.granted > 0 || this.asking > 0;
  }

  /** how many give-backs so far: a refusal read before a give-back is out of date */
  generation(): number {
    return this.givenBack;
  }

  /**
   * Holds a granted reservation until it is given back or kept (or SETTLE_MS passed: its caller threw). Answers the
   * two ways to settle it; each settles once.
   */
  hold(settleMs: number): { gaveBack(): void; kept(): void } {
    this.granted++;
    let open = true;
    const settle = (given: boolean) => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      this.granted--;
      if (given) {
        this.givenBack++;
        this.line.shift()?.();
      }
      if (this.granted === 0) for (let next = this.line.shift(); next; next = this.line.shift()) next();
    };
    const timer = setTimeout(() => settle(false), settleMs);
    timer.unref();
    return { gaveBack: () => settle(true), kept: () => settle(false) };
  }

  /** Waits in line for a give-back (or for nothing to be in flight); false when nothing is in flight to wait for. */
  async waitForTurn(): Promise<boolean> {
    if (this.granted === 0) return false;
    await new Promise<void>((resolve) => this.line.push(resolve));
    return true;
  }

  /** true when nothing is in flight or waiting: the entry can be forgotten */
  idle(): boolean {
    return this.granted === 0 && this.asking === 0 && this.line.length === 0;
  }
}
