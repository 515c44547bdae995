import type { FastifyPluginAsync } from 'fastify';

/** Student import (spec 7 student/import, getImport). */
export const studentImportRoutes: FastifyPluginAsync = async () => {};
