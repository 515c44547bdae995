import type { FastifyPluginAsync } from 'fastify';
import { loadQrCode } from '../../lib/heavy-modules';
import { openCourse } from '../courses/course-visibility';

/**
 * GET /qrcode/{coid}: the messaging-app share image of a course page (spec 2 'Course intro page', desktop
 * share). An SVG QR code of the course's address on this server, made here (no outside service), so a
 * phone on the same network opens the course. The page shows it only where sharing is shown (not in lan).
 */
export const shareRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.get<{ Params: { coid: string } }>('/qrcode/:coid', async (request, reply) => {
    // The same visibility as the course page: garbage, unpublished or another school's private course → 404.
    const { head } = await openCourse(ctx, request.auth, request.params.coid);
    const address = `${request.protocol}://${request.host}/course/${ctx.courseCodec.encode(head.id)}`;
    const svg = await (await loadQrCode()).toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .send(svg);
  });
};
