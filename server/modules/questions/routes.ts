import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Question bank calls (issue 6 'Question bank'). */
export const questionsRoutes: FastifyPluginAsync = async (base) => {
  base.withTypeProvider<ZodTypeProvider>();
};
