import type { FastifyPluginAsync } from 'fastify';
import general from './general';
import vetAuth from './vet-auth';
import vetPets from './vet-pets';
import vetReminders from './vet-reminders';
import vetVisits from './vet-visits';
import { publicCacheInvalidation } from '../cache/public-cache';
import pets from './pets';
import providers from './providers';
import animalHouses from './animal-houses';
import wellness from './wellness';
import legal from './legal';
import accounts from './accounts';
import health from './health';
import sightings from './sightings';

/** Every API route module, registered under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync[] = [publicCacheInvalidation, general, vetAuth, vetPets, vetVisits, vetReminders, pets, providers, animalHouses, wellness, legal, accounts, health, sightings];
