import fp from 'fastify-plugin';
import { purgeDeleted } from '#server/clinic-records/purge';
import { moveVisitPicturesToClinicalArea } from '#server/media/clinical-pictures';

/**
 * The records' upkeep in every server process (docs/decisions/0098, 0099): once at start, old visit
 * pictures move into the clinical area; then, at start and every PURGE_INTERVAL_MINUTES, pets and
 * visits deleted more than DELETED_RETENTION_DAYS ago are purged. A failure is logged and tried
 * again on the next run; it never stops the server.
 */
export const recordsUpkeepPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;

    const run = (first: boolean) => {
      running ??= (async () => {
        try {
          if (first) {
            const moved = await moveVisitPicturesToClinicalArea(app);
            if (moved > 0) app.log.info({ moved }, 'moved visit pictures into the clinical area');
          }
          const purged = await purgeDeleted(app, app.config.deletedRetentionDays);
          if (purged.pets + purged.visits + purged.owners > 0)
            app.log.info(purged, 'purged deleted pets, visits and owners');
        } catch (err) {
          // The code only: a failed query's text carries its parameters (clinical notes).
          app.log.warn({ code: (err as { code?: unknown }).code }, 'records upkeep failed; it runs again later');
        } finally {
          running = null;
        }
      })();
      return running;
    };

    app.addHook('onReady', async () => {
      if (!app.runsBackgroundJobs) return;
      // In the background: a large first move must not hold up the start.
      void run(true);
      timer = setInterval(() => void run(false), app.config.purgeIntervalMinutes * 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    });
  },
  { name: 'records-upkeep', fastify: '5.x', dependencies: ['media-storage'] },
);
