import fp from 'fastify-plugin';
import { sweepReminderNotices } from '#server/reminders/notice-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    reminderNotices: {
      /** Resolves when the sweep in hand (if any) is done (tests, before sweeping with a clock of their own). */
      idle(): Promise<void>;
    };
  }
}

/**
 * The schedule of reminder notices in every server process (issue 33, docs/decisions/0184): a sweep at start, then
 * every REMINDER_SWEEP_MS; each notice is claimed in the database, so processes running it at once never send one
 * twice. A sweep never overlaps the previous one; a failure is logged and the next run tries again; on close the
 * timer stops and a running sweep is awaited.
 */
export const reminderNoticesPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;
    let stopping = false;

    const run = () => {
      if (stopping || running) return;
      running = sweepReminderNotices(app)
        .then(
          (result) => {
            if (result.emails > 0) app.log.info(result, 'reminder notices queued');
          },
          (err: unknown) =>
            // the code only: a failed query's text carries its parameters (owner addresses)
            app.log.warn(
              { code: (err as { code?: unknown }).code },
              'reminder notices failed; the sweep runs again later',
            ),
        )
        .finally(() => {
          running = null;
        });
    };

    app.decorate('reminderNotices', { idle: async () => void (await running) });

    app.addHook('onReady', async () => {
      if (!app.runsBackgroundJobs) return;
      run();
      timer = setInterval(run, app.config.reminderSweepMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    });
  },
  { name: 'reminder-notices', fastify: '5.x' },
);
