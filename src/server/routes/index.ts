import type { FastifyPluginAsync } from 'fastify';
import general from './general';
import vetAuth from './vet-auth';

/** Every API route module, registered under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync[] = [general, vetAuth];
