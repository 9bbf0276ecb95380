/** `POST /transactions/report`: a tenant reports an enrichment it believes wrong (CONTRACT.md section 7). */
import { errorReportSchema, reportAcceptedDetails, validate } from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { valid } from '../errors.js';

export function registerReportRoutes(app: FastifyInstance, service: Service): void {
  app.post('/transactions/report', async (request) => {
    await service.reportEnrichment(request.principal.scope, valid(validate(errorReportSchema, request.body)));
    return { details: reportAcceptedDetails };
  });
}
