import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../http/context.js';
import { readFeedHead } from '../db/alertFeed.js';
import { countActiveDisplays } from '../db/displays.js';
import { engineStates } from '../monitoring/engineStates.js';

/** A display reports every 30 s: one heard from within two minutes is on a wall now. */
const DISPLAY_ACTIVE_MS = 120_000;
/** The database counts (displays, the feed's cursor) are read at most this often: a scrape stays under 5 ms. */
const DB_READ_MS = 10_000;

const sameToken = (given: string, wanted: string): boolean => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(wanted).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Issue 36: Prometheus metrics at {base}metrics, only when PHAROS_METRICS_TOKEN is set (404 otherwise, as if there
 * were none), and only with `Authorization: Bearer <token>` (401 otherwise, a session does not count: a scraper is no
 * user). One registry per server, so tests that start several in one process each count their own.
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'pharos_http_request_duration_seconds',
    help: 'Time to answer a request, by route and status.',
    labelNames: ['route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  let counts = { at: 0, displays: 0, cursor: 0 };
  const readCounts = async (): Promise<typeof counts> => {
    if (Date.now() - counts.at < DB_READ_MS) return counts;
    const [displays, head] = await Promise.all([
      countActiveDisplays(ctx.store, Date.now() - DISPLAY_ACTIVE_MS),
      readFeedHead(ctx.store),
    ]);
    counts = { at: Date.now(), displays, cursor: head?.seq ?? 0 };
    return counts;
  };
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const up = gauge('pharos_engine_up', '1 while the engine answers and runs, else 0.', ['engine']);
  const updated = gauge('pharos_engine_last_update_seconds', 'UNIX time of the engine\'s newest data.', ['engine']);
  const database = gauge('pharos_database_up', '1 while the database answers, else 0.');
  const displays = gauge('pharos_displays_active', 'Paired displays heard from within two minutes.');
  const cursor = gauge('pharos_alert_feed_cursor', 'Position of the shared change feed (grows with each change).');

  app.get(`${ctx.base}metrics`, async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store')
        .send({ message: 'A metrics token is required.' });
    }
    up.reset();
    updated.reset();
    for (const engine of engineStates(ctx.monitoring)) {
      up.set({ engine: engine.name }, engine.up ? 1 : 0);
      updated.set({ engine: engine.name }, engine.updated);
    }
    database.set(ctx.storage.health?.up === false ? 0 : 1);
    try {
      const read = await readCounts();
      displays.set(read.displays);
      cursor.set(read.cursor);
    } catch {
      // The database is away: its own gauge says so, and these keep their last values.
      database.set(0);
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
