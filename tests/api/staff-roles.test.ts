import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { PERMISSIONS, PORTAL_ACTIONS, STAFF_ROLES, type PortalAction, type StaffRole } from '#shared/staff-roles';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_PASSWORD, sessionOf } from '#tests/support/vet-session';

/** The demo staff of Demo Clinic, one of each role (README's demo table). */
const DEMO_STAFF: Record<StaffRole, string> = {
  admin: 'amelia.hart',
  vet: 'omar.haddad',
  nurse: 'lucia.romero',
  reception: 'sam.okafor',
};
interface PortalOperation {
  security?: unknown[];
  description?: string;
  responses: Record<string, unknown>;
}
const NOT_ALLOWED = 'Your role does not allow this. Please ask an administrator of your clinic.';

/**
 * Issue 31: the one table of actions and roles (src/shared/staff-roles.ts) is what the server enforces. For every
 * action, one of its calls made by a person of every role: the roles of the table get past the guard (whatever the
 * call then answers), every other role gets HTTP 403 with the envelope and the message in the reader's language.
 */
describeOnBothDatabases('Roles: every action allowed to its roles and refused to the others', (ctx) => {
  const api = injectApi(() => ctx().app);
  const tokens = {} as Record<StaffRole, string>;
  let patientId = 0;
  let adminId = 0;

  beforeAll(async () => {
    for (const role of STAFF_ROLES) {
      const login = await api.envelope.post(API.vetLogin, { username: DEMO_STAFF[role], password: DEMO_PASSWORD });
      const session = sessionOf(login.data);
      tokens[role] = session.token;
      expect(session.users.find((u) => u.ID === session.currentUserId)?.Role).toBe(role);
      if (role === 'admin') adminId = session.currentUserId;
    }
    const pets = await api.envelope.get(API.vetPets, { offset: 1, limit: 4 }, { token: tokens.admin });
    patientId = pets.data.pets[0].ID;
  });

  const petForm = {
    petName: 'Role Check',
    petTypeId: 1,
    petBreedId: 1,
    ownerNameForVet: 'Rita Owner',
    ownerPhoneForVet: '+1 555 0100 777',
    petGenderId: 2,
    petDateOfBirth: '2019-02-03',
  };

  /** One call of each action; `token` is the caller's. Answers the HTTP status and the envelope. */
  const CALLS: Record<PortalAction, (token: string) => Promise<{ statusCode: number; body: string }>> = {
    readRecords: (token) => api.get(API.vetPets, { offset: 1, limit: 4 }, { token }),
    writePets: (token) => api.postForm(API.createVetPet, petForm, [], { token }),
    createVisits: (token) =>
      api.post(API.createVetVisit, { petId: patientId, visitDate: '2026-03-05', vetUserId: adminId }, { token }),
    contactLostPetOwners: (token) => api.get(API.lostPetByMicrochip, { microChipId: '900000000000001' }, { token }),
    sendReminders: (token) => api.post(API.sendVetReminders, { date: '2001-01-01', dryRun: true }, { token }),
    ownAccount: (token) => api.get(API.sessions, undefined, { token }),
    saveVisitRecords: (token) =>
      api.postForm(API.saveVetVisit, { petId: patientId, vetVisitId: 2147483000, visitDate: '2026-03-05' }, [], {
        token,
      }),
    deleteVisits: (token) => api.post(API.deleteVetVisit, { vetVisitId: 2147483000, petId: patientId }, { token }),
    deletePets: (token) => api.post(API.deleteVetPet, { petId: 2147483000 }, { token }),
    mergeOwners: (token) => api.get(API.vetOwnerDuplicates, undefined, { token }),
    exportOwnerData: (token) => api.get(API.exportVetOwnerData, { ownerId: 2147483000 }, { token }),
    eraseOwners: (token) => api.post(API.eraseVetOwner, { ownerId: 2147483000, pets: 'keep' }, { token }),
    exportCsv: (token) => api.send(API.exportVetPets, { method: 'GET' }, { token }),
    importPatients: (token) =>
      api.send(
        API.importVetPatients,
        {
          query: { dryRun: true },
          form: { payload: {}, files: [{ field: 'file', bytes: Buffer.from('Pet name\nRex\n'), filename: 'p.csv' }] },
        },
        { token },
      ),
    manageStaff: (token) => api.get(API.staff, undefined, { token }),
    clinicSettings: (token) => api.post(API.saveClinicSettings, { requireTwoFactor: false }, { token }),
  };

  for (const action of PORTAL_ACTIONS)
    for (const role of STAFF_ROLES) {
      const allowed = (PERMISSIONS[action] as readonly StaffRole[]).includes(role);
      it(`${action}: ${role} is ${allowed ? 'allowed' : 'refused'}`, async () => {
        const res = await CALLS[action](tokens[role]);
        if (allowed) {
          expect(res.statusCode, res.body).not.toBe(403);
          expect(res.statusCode).toBeLessThan(400);
        } else {
          expect(res.statusCode).toBe(403);
          expect(JSON.parse(res.body)).toEqual({ result: 0, message: NOT_ALLOWED, data: null });
        }
      });
    }

  /** Every portal call of the API document: its method, an address for it and the roles it names. */
  function portalCalls() {
    const doc = ctx().app.swagger() as unknown as { paths: Record<string, Record<string, PortalOperation>> };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security)
        .map(([method, op]) => ({
          call: `${method} ${path}`,
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
          address: path.replace(/\{[^}]+\}/g, 'x'),
          roles: /Roles: ([a-z, ]+) \(/.exec(op.description ?? '')?.[1].split(', ') ?? [],
        })),
    );
  }

  it('checks the session and the role before the request’s format: 401 and 403, never what a field needs', async () => {
    const calls = portalCalls();
    expect(calls.length).toBeGreaterThan(30);
    for (const { call, method, address, roles } of calls) {
      // a body and a query no call takes
      const malformed = { method, query: { offset: 'none', limit: -1 }, json: method === 'GET' ? undefined : [] };
      const anonymous = await api.send(address, malformed);
      expect(anonymous.statusCode, `${call} without a session: ${anonymous.body}`).toBe(401);
      const refused = STAFF_ROLES.find((role) => !roles.includes(role));
      if (!refused) continue;
      const res = await api.send(address, malformed, { token: tokens[refused] });
      expect(res.statusCode, `${call} as ${refused}: ${res.body}`).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ result: 0, message: NOT_ALLOWED, data: null });
    }
  });

  it('refuses in the reader’s language', async () => {
    const res = await api.get(API.staff, undefined, { token: tokens.nurse, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Tu rol no permite hacer esto. Pídeselo a un administrador de tu clínica.');
  });

  it('every portal call of the API document names its roles and its 401 and 403 answers', async () => {
    const doc = ctx().app.swagger() as unknown as { paths: Record<string, Record<string, PortalOperation>> };
    const portal = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security)
        .map(([method, op]) => ({ call: `${method} ${path}`, op })),
    );
    expect(portal.length).toBeGreaterThan(30);
    for (const { call, op } of portal) {
      expect(op.description, call).toMatch(/Roles: [a-z, ]+ \(`[A-Za-z]+`\)/);
      expect(Object.keys(op.responses), call).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});
