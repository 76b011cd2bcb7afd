/**
 * The portal's CSV exports (issue 21): the server makes the file, the browser fetches it with the session token and
 * saves it.
 */
import { API } from '#shared/contract/paths';
import type { VetPetsExportQuery, VetRemindersExportQuery } from '#shared/contract/vet';
import type { VetOwnersExportQuery } from '#shared/contract/vet-owners';
import { apiDownload } from '#client/api/client';
import { getToken } from '#client/api/portal-session';

export function downloadPetsExport(query: VetPetsExportQuery) {
  return apiDownload(API.exportVetPets, { ...query }, 'pets.csv', { token: getToken() });
}

export function downloadRemindersExport(query: VetRemindersExportQuery) {
  return apiDownload(API.exportVetReminders, { ...query }, 'reminders.csv', { token: getToken() });
}

export function downloadOwnersExport(query: VetOwnersExportQuery) {
  return apiDownload(API.exportVetOwners, { ...query }, 'owners.csv', { token: getToken() });
}
