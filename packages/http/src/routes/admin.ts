/**
 * The operator's API, authenticated by `X-Admin-Key` (the configuration's
 * `adminKey`) instead of an API key: review error reports (list, reject,
 * resolve with a correction) and read the usage counters.
 */
import { messages, validate } from '@txenrich/schema';
import { type ReportStatus, reportCorrectionSchema, reportStatuses, type Service } from '@txenrich/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbiddenBody } from '../errors.js';

export function registerAdminRoutes(app: FastifyInstance, service: Service): void {
  const admin = {
    // Public to the API-key check; the admin key is checked before any body is read.
    config: { public: true },
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const presented = request.headers['x-admin-key'];
      if (!service.isAdmin(typeof presented === 'string' ? presented : undefined))
        return reply.code(403).send(forbiddenBody);
    },
  };

  app.get<{ Querystring: { status?: string } }>('/admin/reports', admin, async (request, reply) => {
    const { status } = request.query;
    if (status !== undefined && !(reportStatuses as readonly string[]).includes(status))
      return reply.code(400).send({ status: [messages.invalidChoice(status)] });
    return { reports: await service.listReports(status as ReportStatus | undefined) };
  });

  app.post<{ Params: { id: string } }>('/admin/reports/:id/reject', admin, async (request) =>
    service.rejectReport(request.params.id),
  );

  app.post<{ Params: { id: string } }>('/admin/reports/:id/resolve', admin, async (request, reply) => {
    const correction = validate(reportCorrectionSchema, request.body);
    if (!correction.ok) return reply.code(400).send(correction.errors);
    return service.resolveReport(request.params.id, correction.value);
  });

  app.get('/admin/usage', admin, async () => ({ usage: await service.usage() }));
}
