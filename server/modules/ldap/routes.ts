import type { FastifyPluginAsync } from 'fastify';

/** Directory login and sync (spec 7 ldap/auth, ldap/sync; lan release). */
export const ldapRoutes: FastifyPluginAsync = async () => {};
