import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { petProfiles } from '#server/db/schema';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';

/** Issue 11, point 5: public IDs are matched without regard to case, through an index. */
describeOnBothDatabases('Public IDs without regard to case', (ctx) => {
  it('finds DEMO0002 when typed demo0002, Demo0002 or with spaces around', async () => {
    for (const typed of ['demo0002', 'Demo0002', ' dEmO0002 ']) {
      const res = await injectApi(ctx().app).get(API.petDetailsByPublicId, { publicId: typed });
      const body = res.json();
      expect(body.result, typed).toBe(1);
      expect(body.data.publicId).toBe('DEMO0002');
    }
  });

  it('gives the wellness records of a pet named by a lower-case public ID', async () => {
    const [pet] = await ctx()
      .db.select({ id: petProfiles.id })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, 'DEMO0001'));
    const res = await injectApi(ctx().app).get(API.wellnessCategoryTypes, {
      petProfile: pet.id,
      publicId: 'demo0001',
      categoryId: 2,
    });
    expect(res.json().result).toBe(1);
  });

  it('stores public IDs in capitals only, so the unique index on public_id serves every lookup', async () => {
    await expect(
      ctx().db.update(petProfiles).set({ publicId: 'demo0001' }).where(eq(petProfiles.publicId, 'DEMO0001')),
    ).rejects.toThrow();
    // the demo table is small enough for a sequential scan to win: ask whether an index can serve it
    const plan = await ctx().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from pet_profiles where public_id = ${'DEMO0002'}`);
    });
    expect(JSON.stringify(plan)).toContain('pet_profiles_public_id_idx');
  });
});
