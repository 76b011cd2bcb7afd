/**
 * Who may do what in the clinic portal (issue 31, docs/decisions/0145): ONE table of actions and the roles
 * allowed each. The server's guard (requirePermission, src/server/auth/permissions.ts) enforces it on every
 * portal call; the portal asks it (useCan / CanAccess, src/client/api/portal-session.ts) to hide what the
 * acting person cannot do. A role is the acting person's: after a PIN switch, the switched-in person's.
 */
export const STAFF_ROLES = ['admin', 'vet', 'nurse', 'reception'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const EVERYONE: readonly StaffRole[] = STAFF_ROLES;
const CLINICAL: readonly StaffRole[] = ['admin', 'vet', 'nurse'];
const VETS: readonly StaffRole[] = ['admin', 'vet'];
const ADMINS: readonly StaffRole[] = ['admin'];

/** Each action and the roles that may do it, in the order of the decision record's table. */
export const PERMISSIONS = {
  /** read pets, visits, reminders, a pet's history, the clinic's printout details */
  readRecords: EVERYONE,
  /** create and edit pets and their owner data */
  writePets: EVERYONE,
  /** create a visit */
  createVisits: EVERYONE,
  /** e-mail owners their reminders */
  sendReminders: EVERYONE,
  /** look up a microchip among pets reported lost on Pawtal, and write to that owner through the relay */
  contactLostPetOwners: EVERYONE,
  /** one's own account: password, PIN, two-factor, sessions, saved grid views */
  ownAccount: EVERYONE,
  /** save a visit's clinical content: notes, weight, vaccinations, antiparasitics, consultations, pictures */
  saveVisitRecords: CLINICAL,
  /** delete and restore visits (and see what was deleted) */
  deleteVisits: VETS,
  /** delete and restore pets */
  deletePets: ADMINS,
  /** see suggested duplicate owners, merge two owners and undo a merge (issue 32) */
  mergeOwners: ADMINS,
  /** export all the clinic keeps of an owner (issue 32, item 7) */
  exportOwnerData: ADMINS,
  /** erase an owner's contact data, keeping or deleting their pets (issue 32, item 7) */
  eraseOwners: ADMINS,
  /** CSV exports */
  exportCsv: ADMINS,
  /** import patients from a CSV file, and undo an import (issue 32) */
  importPatients: ADMINS,
  /** staff: invite, change role, deactivate, send a reset link */
  manageStaff: ADMINS,
  /** the clinic's settings (two-factor for everyone) */
  clinicSettings: ADMINS,
} as const satisfies Record<string, readonly StaffRole[]>;

export type PortalAction = keyof typeof PERMISSIONS;
export const PORTAL_ACTIONS = Object.keys(PERMISSIONS) as PortalAction[];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a person of `role` may do `action`. */
export function can(role: StaffRole, action: PortalAction): boolean {
  return (PERMISSIONS[action] as readonly StaffRole[]).includes(role);
}
