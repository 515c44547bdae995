import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Chapter exercise calls (issue 6 'Chapter exercises'; spec 7 course/exelist, course/updateExec, exer/submit, check/exercise, question detail, submit answer). */
export const exercisesRoutes: FastifyPluginAsync = async (base) => {
  base.withTypeProvider<ZodTypeProvider>();
};
