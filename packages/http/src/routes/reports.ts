/** `POST /transactions/report`: a tenant reports an enrichment it believes wrong (CONTRACT.md section 7). */
import { errorReportSchema, reportAcceptedDetails, validate } from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';

export function registerReportRoutes(app: FastifyInstance, service: Service): void {
  app.post('/transactions/report', async (request, reply) => {
    const report = validate(errorReportSchema, request.body);
    if (!report.ok) return reply.code(400).send(report.errors);
    await service.reportEnrichment(request.principal.scope, report.value);
    return { details: reportAcceptedDetails };
  });
}
