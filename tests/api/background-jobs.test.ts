import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { petProfiles, petSightings } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';

describeOnBothDatabases('Background jobs: on in an app by default, off in a test server unless asked for', (ctx) => {
  it('the sighting purge runs when an app is ready, but not in a test server without its jobs', async () => {
    const { db, config } = ctx();
    const [pet] = await db.select({ id: petProfiles.id }).from(petProfiles).limit(1);
    const longAgo = new Date(Date.now() - (config.sightingRetentionDays + 1) * 86_400_000);
    const [old] = await db
      .insert(petSightings)
      .values({ petProfileId: pet.id, latitude: 38.7, longitude: -9.1, createdAt: longAgo })
      .returning({ id: petSightings.id });
    const stillThere = async () =>
      (await db.select({ id: petSightings.id }).from(petSightings).where(eq(petSightings.id, old.id))).length === 1;

    await ctx().app.ready();
    expect(await stillThere()).toBe(true);

    // an app as main.ts builds it: the purge at start is part of its ready
    const withJobs = await buildApp({ config, database: ctx().server.database, logger: false });
    try {
      await withJobs.ready();
      expect(await stillThere()).toBe(false);
    } finally {
      await withJobs.close();
    }
  });
});
