import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Student exam calls: sittings, stu/exams, examlist, student/examcate, getExamToken (issue 6 'Exams'). */
export const examsRoutes: FastifyPluginAsync = async (base) => {
  base.withTypeProvider<ZodTypeProvider>();
};
