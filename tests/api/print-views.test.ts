/**
 * The calls behind the clinic's printouts (issue 22): the vaccination certificate reads
 * GetVetClinic, GetVetPetDetails, GetVetPetVisits and GetVetVisitDetails; the visit summary
 * GetVetClinic and GetVetVisitDetails. Each clinic gets its own letterhead, and another clinic's
 * pet or visit answers exactly like a missing one.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import type { GetPath, GetQuery } from '#shared/contract/get-calls';
import { API } from '#shared/contract/paths';
import { clinics, petProfiles, wellnessRecords } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const MISSING = 2147483647;

describeOnBothDatabases('Printout calls', (ctx) => {
  let demoToken = '';
  let otherToken = '';
  let demoPet = 0;
  let demoVisit = 0;

  beforeAll(async () => {
    [demoToken, otherToken] = await Promise.all([
      loginClinic(ctx().app, DEMO_CLINIC),
      loginClinic(ctx().app, OTHER_CLINIC),
    ]);
    const [demo] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    // a pet of Demo Clinic vaccinated in one of its visits
    const [record] = await ctx()
      .db.select({ petId: wellnessRecords.petProfileId, visitId: wellnessRecords.vetVisitId })
      .from(wellnessRecords)
      .where(
        and(
          eq(wellnessRecords.clinicId, demo.id),
          eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_VACCINATION),
          isNotNull(wellnessRecords.vetVisitId),
        ),
      )
      .orderBy(asc(wellnessRecords.id))
      .limit(1);
    demoPet = record.petId;
    demoVisit = record.visitId ?? 0;
  });

  /** A call as the printouts make it, with a clinic's session (or none). */
  async function get<P extends GetPath>(path: P, query: Partial<GetQuery<P>>, token: string | null) {
    const res = await injectApi(ctx().app).get(path, query, { token: token ?? undefined });
    return { status: res.statusCode, body: res.json(), text: res.body };
  }

  it("GetVetClinic answers the session clinic its own name, postal address, phone, its owners' default language and its contact e-mail", async () => {
    const demo = await get(API.vetClinic, undefined, demoToken);
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual({
      name: 'Demo Clinic',
      address: '1200 Harbor Street, Suite 4\nSpringfield, IL 62701\nUnited States',
      phone: '+1 555 0100 300',
      language: 'en',
      email: 'desk@demo-clinic.example',
      contactVersion: 1,
    });
    const other = await get(API.vetClinic, undefined, otherToken);
    expect(other.body.data).toEqual({
      name: 'Other Clinic',
      address: '77 Maple Avenue\nPortland, OR 97205\nUnited States',
      phone: '+1 555 0100 400',
      language: 'en',
      email: 'desk@other-clinic.example',
      contactVersion: 1,
    });
  });

  it('GetVetClinic needs a session', async () => {
    const anonymous = await get(API.vetClinic, undefined, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.result).toBe(0);
    const bogus = await get(API.vetClinic, undefined, 'not-a-session-token');
    expect(bogus.status).toBe(401);
  });

  it("GetVetPetDetails carries the pet's colour for the certificate", async () => {
    const [pet] = await ctx()
      .db.select({ color: petProfiles.color })
      .from(petProfiles)
      .where(eq(petProfiles.id, demoPet));
    const details = await get(API.vetPetDetails, { petProfileId: demoPet }, demoToken);
    expect(details.body.result).toBe(1);
    expect(details.body.data?.color).toBe(pet.color ?? '');
  });

  it("another clinic's pet and visit answer exactly like missing ones on every call the printouts make", async () => {
    const calls: Array<[string, (id: number, token: string) => ReturnType<typeof get>, number]> = [
      ['GetVetPetDetails', (id, token) => get(API.vetPetDetails, { petProfileId: id }, token), demoPet],
      [
        'GetVetPetVisits',
        (id, token) => get(API.vetPetVisits, { petProfileId: id, offset: 1, limit: 100 }, token),
        demoPet,
      ],
      ['GetVetVisitDetails', (id, token) => get(API.vetVisitDetails, { vetVisitId: id }, token), demoVisit],
    ];
    for (const [name, call, id] of calls) {
      // Demo Clinic itself reads them
      const own = await call(id, demoToken);
      expect(own.body.result, name).toBe(1);
      const foreign = await call(id, otherToken);
      const missing = await call(MISSING, otherToken);
      expect({ status: foreign.status, text: foreign.text }, name).toEqual({
        status: missing.status,
        text: missing.text,
      });
      expect(foreign.body.result, name).toBe(0);
      expect(foreign.body.data, name).toBeNull();
    }
  });
});
