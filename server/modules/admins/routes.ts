import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../shared/envelope';
import { requireAdmin } from '../../plugins/auth';
import { adminProfile } from './admins.service';

/** Back-office calls about administrators (spec 7 Admins). */
export const adminsRoutes: FastifyPluginAsync = async (app) => {
  /** The signed-in administrator, their school and permissions: the back office's landing data. */
  app.get('/admins/me', async (request) => ok(adminProfile(app.ctx, requireAdmin(request).userId)));
};
