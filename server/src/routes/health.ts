import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../http/context.js';
import { isStorageUnavailable, STORAGE_UNAVAILABLE } from '../db/unavailable.js';

/**
 * `health` (issue 22): for a load balancer's or a service manager's health check. Unauthenticated and cheap: says only
 * whether this process answers and reaches its database, nothing about users or the monitored fleet. A process
 * shutting down answers 503 already (http/closing.ts), so a proxy stops sending it work.
 */
export async function registerHealth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(`${ctx.base}health`, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await sql`SELECT 1`.execute(ctx.store);
    } catch (err) {
      if (!isStorageUnavailable(err)) throw err;
      return reply.status(503).send({ status: 'unavailable', message: STORAGE_UNAVAILABLE });
    }
    return { status: 'ok', database: ctx.storage.dialect };
  });
}
