import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERRORS } from '../../shared/envelope';
import { AppError } from '../lib/errors';

/** A JSON call (under the API prefix) rather than a page. */
export function isApiRequest(request: FastifyRequest, apiPrefix: string): boolean {
  if (apiPrefix !== '/') return request.url.startsWith(apiPrefix);
  return !(request.headers.accept ?? '').includes('text/html');
}

/** An error answer; never cached (a refusal or failure says nothing a later request may reuse). */
function send(reply: FastifyReply, statusCode: number, error: string, data: unknown = null) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ status: 'error', error, data });
}

/**
 * One envelope and one error handler: every failure answers {status:'error', error, data}
 * with a stable error string; a 5xx says only 'server error' and the detail goes to the log.
 */
export const envelopePlugin = fp(
  async (
    app,
    opts: { renderNotFoundPage: (request: FastifyRequest, reply: FastifyReply) => unknown; apiPrefix: string },
  ) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => {
          const field =
            issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
            String((issue.params as { missingProperty?: string })?.missingProperty ?? '');
          return { field, message: issue.message ?? 'is invalid' };
        });
        const first = issues[0];
        const where = error.validationContext ?? 'body';
        return send(
          reply,
          400,
          `${ERRORS.badInput}: ${where}${first?.field ? `.${first.field}` : ''} ${first?.message ?? 'is invalid'}`,
          {
            field: first?.field ?? '',
            issues,
          },
        );
      }
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        reply.headers(error.headers);
        return send(reply, error.statusCode, error.error, error.data);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported type): their messages are safe.
        return send(reply, status, `${ERRORS.badInput}: ${error.message}`);
      }
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, ERRORS.server);
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (request.method === 'GET' && !isApiRequest(request, opts.apiPrefix))
        return await opts.renderNotFoundPage(request, reply);
      return send(reply, 404, ERRORS.notFound);
    });
  },
);
