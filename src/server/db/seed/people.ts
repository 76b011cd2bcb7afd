import { at, addDays } from '#server/db/seed/random';
import type { SeedContext } from '#server/db/seed/types';
import type { StaffRole } from '#shared/staff-roles';

export const DEMO_PASSWORD = 'Pawtal!2026';
export const DEMO_OWNER_ID = 1;
export const DEMO_FRIEND_ID = 2;
export const DEMO_CLINIC_ID = 1;
export const OTHER_CLINIC_ID = 2;

const OWNERS: { username: string; email: string; phone: string; verified: boolean }[] = [
  { username: 'demo.owner', email: 'demo.owner@pawtal.example', phone: '+1 555 0100 101', verified: true },
  { username: 'demo.friend', email: 'demo.friend@pawtal.example', phone: '+1 555 0100 102', verified: false },
  { username: 'maria.santos', email: 'maria.santos@example.com', phone: '+351 912 345 678', verified: true },
  { username: 'james.carter', email: 'james.carter@example.co.uk', phone: '+44 7700 900123', verified: true },
  { username: 'lucia.fernandez', email: 'lucia.fernandez@example.es', phone: '+34 612 345 678', verified: true },
  { username: 'omar.alrashid', email: 'omar.alrashid@example.ae', phone: '+971 50 123 4567', verified: true },
  { username: 'sophie.martin', email: 'sophie.martin@example.fr', phone: '+33 6 12 34 56 78', verified: false },
  { username: 'lukas.weber', email: 'lukas.weber@example.de', phone: '+49 151 23456789', verified: true },
  { username: 'valeria.gomez', email: 'valeria.gomez@example.mx', phone: '+52 55 1234 5678', verified: true },
  { username: 'emily.chen', email: 'emily.chen@example.com', phone: '+1 206 555 0147', verified: true },
  { username: 'joao.pereira', email: 'joao.pereira@example.pt', phone: '+351 934 567 890', verified: true },
  { username: 'hannah.schmidt', email: 'hannah.schmidt@example.de', phone: '+49 170 9876543', verified: false },
];

/** Owner accounts of the mobile app; all share one password hash (hashed once per seed). */
export function buildOwners(ctx: SeedContext): void {
  OWNERS.forEach((o, i) => {
    const joined = addDays(ctx.today, -400 + i * 17);
    ctx.rows.owners.push({
      id: i + 1,
      username: o.username,
      email: o.email,
      phone: o.phone,
      passwordHash: ctx.hashes.owner,
      emailVerifiedAt: o.verified ? at(joined, 10, 5) : null,
      createdAt: at(joined, 10),
    });
  });
}

export function ownerById(ctx: SeedContext, id: number) {
  const owner = ctx.rows.owners.find((o) => o.id === id);
  if (!owner) throw new Error(`no owner ${id}`);
  return owner;
}

interface DemoStaff {
  name: string;
  role: StaffRole;
  /** who signs in as themselves (README's demo table): username, PIN; the password is DEMO_PASSWORD */
  username?: string;
  pin?: string;
  email?: string;
}

/**
 * The staff of the demo clinics (ids in this order: 1-3 Demo Clinic, 4-5 Other Clinic, 6 Demo Clinic's
 * receptionist, added last so the earlier ids stay). One person of each role at Demo Clinic; each clinic's
 * first administrator is whom its clinic account signs in as.
 */
const CLINIC_STAFF: { clinicId: number; staff: DemoStaff }[] = [
  {
    clinicId: DEMO_CLINIC_ID,
    staff: {
      name: 'Dr. Amelia Hart',
      role: 'admin',
      username: 'amelia.hart',
      pin: '2580',
      email: 'amelia.hart@pawtal.example',
    },
  },
  {
    clinicId: DEMO_CLINIC_ID,
    staff: {
      name: 'Dr. Omar Haddad',
      role: 'vet',
      username: 'omar.haddad',
      pin: '1357',
      email: 'omar.haddad@pawtal.example',
    },
  },
  {
    clinicId: DEMO_CLINIC_ID,
    staff: {
      name: 'Nurse Lucía Romero',
      role: 'nurse',
      username: 'lucia.romero',
      pin: '2468',
      email: 'lucia.romero@pawtal.example',
    },
  },
  { clinicId: OTHER_CLINIC_ID, staff: { name: 'Dr. Kenji Sato', role: 'admin', username: 'kenji.sato', pin: '4321' } },
  { clinicId: OTHER_CLINIC_ID, staff: { name: 'Dr. Priya Nair', role: 'vet' } },
  {
    clinicId: DEMO_CLINIC_ID,
    staff: {
      name: 'Sam Okafor',
      role: 'reception',
      username: 'sam.okafor',
      pin: '3690',
      email: 'sam.okafor@pawtal.example',
    },
  },
];

/** The PINs of the demo staff (each hashed once per seed). */
export const DEMO_STAFF_PINS: string[] = CLINIC_STAFF.flatMap(({ staff }) => (staff.pin ? [staff.pin] : []));

/** The two clinic accounts and their staff users (ids 1-3 and 6 Demo Clinic, 4-5 Other Clinic). */
export function buildClinics(ctx: SeedContext): void {
  ctx.rows.clinics.push(
    {
      id: DEMO_CLINIC_ID,
      name: 'Demo Clinic',
      username: 'demo.clinic',
      phone: '+1 555 0100 300',
      email: 'desk@demo-clinic.example',
      address: '1200 Harbor Street, Suite 4\nSpringfield, IL 62701\nUnited States',
      passwordHash: ctx.hashes.demoClinic,
      createdAt: at(addDays(ctx.today, -500), 8),
    },
    {
      id: OTHER_CLINIC_ID,
      name: 'Other Clinic',
      username: 'other.clinic',
      phone: '+1 555 0100 400',
      email: 'desk@other-clinic.example',
      address: '77 Maple Avenue\nPortland, OR 97205\nUnited States',
      passwordHash: ctx.hashes.otherClinic,
      createdAt: at(addDays(ctx.today, -450), 8),
    },
  );
  for (const { clinicId, staff } of CLINIC_STAFF) {
    ctx.rows.clinicUsers.push({
      id: ctx.rows.clinicUsers.length + 1,
      clinicId,
      name: staff.name,
      role: staff.role,
      username: staff.username ?? null,
      passwordHash: staff.username ? ctx.hashes.staff : null,
      pinHash: staff.pin ? ctx.hashes.pins[staff.pin] : null,
      email: staff.email ?? '',
    });
  }
}

/** The clinic's staff who see patients (the visits' vets): everyone but reception. */
export function staffOf(ctx: SeedContext, clinicId: number): number[] {
  return ctx.rows.clinicUsers.filter((u) => u.clinicId === clinicId && u.role !== 'reception').map((u) => u.id);
}
