import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';

export async function registerBanners(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
