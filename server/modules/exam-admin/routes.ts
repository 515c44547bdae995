import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Back-office exam calls: exam categories, papers, exams, results, marking (issue 6 'Exams', 'Records'). */
export const examAdminRoutes: FastifyPluginAsync = async (base) => {
  base.withTypeProvider<ZodTypeProvider>();
};
