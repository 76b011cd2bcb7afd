import type { FastifyPluginAsync } from 'fastify';
import general from './general';

/** Every API route module, registered under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync[] = [general];
