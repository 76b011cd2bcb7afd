import type { FastifyInstance } from 'fastify';
import type { PetDetails } from '#shared/contract/pets';
import { parsePosition } from '#server/sightings/position';
import { SightingRateLimiter } from '#server/sightings/rate-limit';
import { purgeSightings, storeSighting } from '#server/sightings/store';

const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface SightingRecorder {
  /**
   * Stores the visitor's position as a sighting when the pet is lost, the position is valid and
   * not 0,0, and the address is within its rate limit, and queues the owner's e-mail about it.
   * Never throws, never logs the position. Returns whether a sighting was stored and whether its
   * owner will be e-mailed.
   */
  record(
    pet: Pick<PetDetails, 'petId' | 'isLost'>,
    latitude: string | undefined,
    longitude: string | undefined,
    address: string,
  ): Promise<{ stored: boolean; ownerNotified: boolean }>;
}

/** Sets up the sighting recorder of an app, with the retention purge on an hourly timer. */
export function setUpSightings(app: FastifyInstance): SightingRecorder {
  const limiter = new SightingRateLimiter();
  const retentionDays = app.config.sightingRetentionDays;
  let timer: NodeJS.Timeout | null = null;

  const purge = async () => {
    limiter.prune();
    try {
      await purgeSightings(app.db, retentionDays);
    } catch {
      app.log.warn('sighting purge failed; it is retried on the next run');
    }
  };

  app.addHook('onReady', async () => {
    if (!app.runsBackgroundJobs) return;
    await purge();
    timer = setInterval(() => void purge(), PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });

  return {
    async record(pet, latitude, longitude, address) {
      const none = { stored: false, ownerNotified: false };
      if (!pet.isLost) return none;
      const position = parsePosition(latitude, longitude);
      if (!position) return none;
      if (!limiter.allow(address, pet.petId)) return none;
      try {
        const { ownerNotified } = await storeSighting(app.db, pet.petId, position, {
          retentionDays,
          emailIntervalMinutes: app.config.sightingEmailIntervalMinutes,
        });
        if (ownerNotified) app.mail.nudge();
        return { stored: true, ownerNotified };
      } catch {
        // The driver's error text would carry the query parameters (the position): log nothing of it.
        app.log.warn('a sighting could not be stored');
        return none;
      }
    },
  };
}
