import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Asker } from '#server/http/public-reads';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '#server/http/errors';
import type { ServerMessageKey } from '#server/http/messages';
import { currentAttempts, purgeEndedWindows, reserveAttempt, type CountWindow } from '#server/http/failure-counts';
import { AddressFlights } from '#server/http/reservations-in-flight';

/**
 * Limits on FAILED calls per client address (request.ip, so TRUST_PROXY decides which address
 * counts), shared by every server process through the failure_counts table (docs/decisions/0090,
 * superseding the per-process counts of 0052). A call that could fail reserves one failure BEFORE
 * its work, atomically (so a burst of concurrent calls gets exactly the limit's worth of answers),
 * and gives it back when it succeeds: found pets, valid tokens and listings are never limited.
 */
export interface FailureLimit {
  /** 429 when the address has used up its failures; reads the count at most once a second per address. */
  refuseIfOver(request: Asker): Promise<void>;
  /**
   * Reserves one failure of the address (429 when none is left); `giveBack` when it was no failure, `keep` when it was
   * one (or let it be: a reservation neither given back nor kept counts as kept after SETTLE_MS).
   */
  reserve(request: Asker): Promise<HeldFailure>;
  /**
   * A lookup that tests a guess: refused when the address is over the limit; a value already cached
   * (`cached`, a hit) costs nothing more; otherwise one failure is reserved before `load` and given
   * back when `hit` says it found something.
   */
  lookUp<T>(
    request: Asker,
    opts: { cached?: () => T | undefined; load: () => Promise<T>; hit: (value: T) => boolean },
  ): Promise<T>;
}

interface HeldFailure {
  giveBack(): Promise<void>;
  keep(): void;
}

/** How long an address's "not over the limit" is believed before the shared count is read again. */
const RECHECK_MS = 1000;
/** A reservation neither given back nor kept by then is taken as kept (its caller threw). */
const SETTLE_MS = 2000;
/** How many times a reservation refused while the address's other reservations were in flight waits and tries again. */
const MAX_WAITS = 100;
/** Addresses remembered per limit and process (least recently used go first). */
const MAX_REMEMBERED = 10_000;

interface Known {
  /** epoch ms until which the address is over the limit (0: not over when last read) */
  overUntil: number;
  checkedAt: number;
}

/** Lookups made inside a pet page's render: the page itself counted them once (pages/pet-page-limit.ts). */
const accountedByPage = new AsyncLocalStorage<true>();

/** Runs a page's render whose lookup the page has counted already: the calls it makes are not counted again. */
export function withLookupsCounted<T>(render: () => Promise<T>): Promise<T> {
  return accountedByPage.run(true, render);
}

function failureLimit(
  db: FastifyInstance['db'],
  name: string,
  window: CountWindow,
  message: ServerMessageKey,
): FailureLimit {
  const known = new Map<string, Known>();
  /** Each address's reservations in flight in this process (src/server/http/reservations-in-flight.ts). */
  const flights = new Map<string, AddressFlights>();
  const flightsOf = (address: string) => {
    let f = flights.get(address);
    if (!f) flights.set(address, (f = new AddressFlights()));
    return f;
  };
  const forgetIfIdle = (address: string, f: AddressFlights) => {
    if (f.idle() && flights.get(address) === f) flights.delete(address);
  };
  const keyOf = (request: Asker) => `${name}:${request.ip}`;
  const remember = (address: string, overUntil: number) => {
    known.delete(address);
    known.set(address, { overUntil, checkedAt: Date.now() });
    if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value as string);
  };
  const refused = (retryAfterSeconds: number) => new TooManyRequestsError(message, retryAfterSeconds);
  /**
   * A give-back that left the address under the limit read its shared count: believed for RECHECK_MS like a read
   * (a found pet's page then costs no read of the count before the next one). An address marked over by a
   * reservation is forgotten instead, so the count is read again: the give-back's answer may predate that mark.
   */
  const afterGiveBack = (address: string) => {
    const seen = known.get(address);
    if (seen && seen.overUntil > 0) known.delete(address);
    else remember(address, 0);
  };

  const limit: FailureLimit = {
    async refuseIfOver(request) {
      const now = Date.now();
      const seen = known.get(request.ip);
      if (seen && seen.overUntil > now) throw refused(Math.ceil((seen.overUntil - now) / 1000));
      if (seen && now - seen.checkedAt < RECHECK_MS) return;
      const current = await currentAttempts(db, keyOf(request), window.windowMs);
      // part of the count may be this process's lookups in flight: reserve() waits for them to settle
      if (current && current.count >= window.limit && flights.get(request.ip)?.busy()) return;
      const overUntil = current && current.count >= window.limit ? current.endsAt : 0;
      remember(request.ip, overUntil);
      if (overUntil > now) throw refused(Math.ceil((overUntil - now) / 1000));
    },
    async reserve(request) {
      const address = request.ip;
      const flight = flightsOf(address);
      flight.startAsking();
      try {
        for (let waits = 0; ; waits++) {
          const generation = flight.generation();
          const reservation = await reserveAttempt(db, keyOf(request), window);
          if (reservation.granted) {
            // The last failure the window allows: found pets are refused too from now on (the count is read again
            // once given back), unless other calls of the address are in flight here (they may give theirs back).
            if (reservation.count >= window.limit && !flight.othersBusy())
              remember(address, Date.now() + window.windowMs);
            const held = flight.hold(SETTLE_MS);
            return {
              giveBack: async () => {
                try {
                  const left = await reservation.giveBack();
                  if (left && left.count < window.limit) afterGiveBack(address);
                } finally {
                  held.gaveBack();
                  forgetIfIdle(address, flight);
                }
              },
              keep: () => {
                held.kept();
                forgetIfIdle(address, flight);
              },
            };
          }
          // a give-back since the count was read: ask again; else wait in line while reservations are in flight
          if (flight.generation() !== generation) continue;
          if (waits >= MAX_WAITS || !(await flight.waitForTurn())) {
            remember(address, Date.now() + reservation.retryAfterSeconds * 1000);
            throw refused(reservation.retryAfterSeconds);
          }
        }
      } finally {
        flight.stopAsking();
        forgetIfIdle(address, flight);
      }
    },
    async lookUp(request, { cached, load, hit }) {
      if (accountedByPage.getStore()) return load();
      await limit.refuseIfOver(request);
      const kept = cached?.();
      if (kept !== undefined && hit(kept)) return kept;
      const held = await limit.reserve(request);
      let value;
      try {
        value = await load();
      } catch (err) {
        // The lookup told the caller nothing.
        await held.giveBack().catch(() => {});
        throw err;
      }
      if (hit(value)) await held.giveBack();
      else held.keep();
      return value;
    },
  };
  return limit;
}

interface PublicFailureLimits {
  /**
   * public-ID lookups that found no pet (GetPetDetailsByPublicId, GetPetWellnessCategoryTypes, the /Pets/Details page)
   */
  lookups: FailureLimit;
  /** reset / verify / invite calls with a bad or expired token */
  tokens: FailureLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits on failed public calls per client address (one set shared by the routes). */
    failureLimits: PublicFailureLimits;
  }
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Decorates `app.failureLimits`; rows of windows that have ended are purged at start and hourly. */
export const failureLimitsPlugin = fp(
  async (app) => {
    const { failedLookupLimit, failedTokenLimit, failureWindowMinutes } = app.config;
    const windowMs = failureWindowMinutes * 60_000;
    app.decorate('failureLimits', {
      lookups: failureLimit(app.db, 'lookup', { limit: failedLookupLimit, windowMs }, 'tooManyFailedLookups'),
      tokens: failureLimit(app.db, 'token', { limit: failedTokenLimit, windowMs }, 'tooManyTokenAttempts'),
    });
    // Mail counts (per recipient per day) share the table: keep a day's rows.
    const purge = () =>
      purgeEndedWindows(app.db, new Date(Date.now() - Math.max(windowMs, 24 * 3600_000))).catch((err: unknown) =>
        app.log.warn({ err }, 'failure counts: could not purge ended windows'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!app.runsBackgroundJobs) return;
      void purge();
      timer = setInterval(() => void purge(), PURGE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'failure-limits', fastify: '5.x' },
);
