import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireFoundReports } from '#server/found-pets/expiry';
import { runLostPetMatcher } from '#server/found-pets/matching';
import { sendDueDigests } from '#server/pet-alerts/digest';

interface Schedule {
  name: string;
  everyMs: (config: FastifyInstance['config']) => number;
  run: (app: FastifyInstance) => Promise<unknown>;
}

/**
 * The schedules of lost and found (docs/decisions/0150-0153), in every server process. Each claims its work in the
 * database (one statement's row locks, or rows taken FOR UPDATE SKIP LOCKED and marked done in their transaction),
 * so two processes never do the same work and a restart loses none; each runs at start and then every interval
 * of its setting (tests shorten them, or call the functions with a clock of their own).
 */
const SCHEDULES: Schedule[] = [
  { name: 'found report expiry', everyMs: (c) => c.foundExpiryIntervalMinutes * 60_000, run: expireFoundReports },
  { name: 'lost pet matcher', everyMs: (c) => c.lostPetMatchIntervalSeconds * 1000, run: runLostPetMatcher },
  { name: 'alert digests', everyMs: (c) => c.alertDigestIntervalMinutes * 60_000, run: sendDueDigests },
];

export const lostAndFoundSchedulesPlugin = fp(
  async (app) => {
    const timers: NodeJS.Timeout[] = [];
    const running = new Map<string, Promise<void>>();
    let stopping = false;

    const run = (schedule: Schedule) => {
      if (stopping || running.has(schedule.name)) return;
      const done = schedule
        .run(app)
        .then(
          () => undefined,
          (err: unknown) =>
            // the code only: a failed query's text carries its parameters (addresses, places)
            app.log.warn({ code: (err as { code?: unknown }).code }, `${schedule.name} failed; it runs again later`),
        )
        .finally(() => running.delete(schedule.name));
      running.set(schedule.name, done);
    };

    app.addHook('onReady', async () => {
      if (!app.runsBackgroundJobs) return;
      for (const schedule of SCHEDULES) {
        run(schedule);
        const timer = setInterval(() => run(schedule), schedule.everyMs(app.config));
        timer.unref();
        timers.push(timer);
      }
    });
    app.addHook('onClose', async () => {
      stopping = true;
      timers.forEach(clearInterval);
      await Promise.all(running.values());
    });
  },
  { name: 'lost-and-found-schedules', fastify: '5.x', dependencies: ['media-storage'] },
);
