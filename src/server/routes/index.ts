import type { FastifyPluginAsync } from 'fastify';
import general from '#server/routes/general';
import vetAuth from '#server/routes/vet-auth';
import vetAccount from '#server/routes/vet-account';
import vetStaff from '#server/routes/vet-staff';
import vetPets from '#server/routes/vet-pets';
import vetOwners from '#server/routes/vet-owners';
import vetImport from '#server/routes/vet-import';
import vetReminders from '#server/routes/vet-reminders';
import vetReminderProtocols from '#server/routes/vet-reminder-protocols';
import vetVisits from '#server/routes/vet-visits';
import vetExports from '#server/routes/vet-exports';
import vetGridViews from '#server/routes/vet-grid-views';
import vetRecords from '#server/routes/vet-records';
import { publicCacheInvalidation } from '#server/cache/public-cache';
import pets from '#server/routes/pets';
import providers from '#server/routes/providers';
import animalHouses from '#server/routes/animal-houses';
import wellness from '#server/routes/wellness';
import legal from '#server/routes/legal';
import accounts from '#server/routes/accounts';
import health from '#server/routes/health';
import sightings from '#server/routes/sightings';
import foundPets from '#server/routes/found-pets';
import relay from '#server/routes/relay';
import petAlerts from '#server/routes/pet-alerts';
import vetLostPets from '#server/routes/vet-lost-pets';
import ownerUnsubscribe from '#server/routes/owner-unsubscribe';
import vetReminderActions from '#server/routes/vet-reminder-actions';
import visitRequests from '#server/routes/visit-requests';

/** Every API route module, registered under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync[] = [
  publicCacheInvalidation,
  general,
  vetAuth,
  vetAccount,
  vetStaff,
  vetPets,
  vetOwners,
  vetImport,
  vetVisits,
  vetRecords,
  vetReminders,
  vetReminderProtocols,
  vetExports,
  vetGridViews,
  pets,
  providers,
  animalHouses,
  wellness,
  legal,
  accounts,
  health,
  sightings,
  foundPets,
  relay,
  petAlerts,
  vetLostPets,
  ownerUnsubscribe,
  vetReminderActions,
  visitRequests,
];
