/**
 * The operator's API, authenticated by `X-Admin-Key` (the configuration's
 * `adminKey`) instead of an API key: review error reports (list, reject,
 * resolve with a correction), read the usage counters, and see callback
 * deliveries and replay abandoned ones.
 */
import { messages, validate } from '@txenrich/schema';
import {
  type DeliveryState,
  deliveryListLimits,
  deliveryStates,
  type ReportStatus,
  reportCorrectionSchema,
  reportStatuses,
  type Service,
} from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../admin-key.js';
import { invalidInput, valid } from '../errors.js';
import { countError } from './query.js';

export function registerAdminRoutes(app: FastifyInstance, service: Service): void {
  const admin = adminOnly(service);

  app.get<{ Querystring: { status?: string } }>('/admin/reports', admin, async (request) => {
    const { status } = request.query;
    if (status !== undefined && !(reportStatuses as readonly string[]).includes(status))
      throw invalidInput({ status: [messages.invalidChoice(status)] });
    return { reports: await service.listReports(status as ReportStatus | undefined) };
  });

  app.post<{ Params: { id: string } }>('/admin/reports/:id/reject', admin, async (request) =>
    service.rejectReport(request.params.id),
  );

  app.post<{ Params: { id: string } }>('/admin/reports/:id/resolve', admin, async (request) =>
    service.resolveReport(request.params.id, valid(validate(reportCorrectionSchema, request.body))),
  );

  app.get('/admin/usage', admin, async () => ({ usage: await service.usage() }));

  app.get<{ Querystring: { state?: string; limit?: string } }>('/admin/callbacks', admin, async (request) => {
    const { state, limit } = request.query;
    if (state !== undefined && !(deliveryStates as readonly string[]).includes(state))
      throw invalidInput({ state: [messages.invalidChoice(state)] });
    const invalidLimit = countError(limit, deliveryListLimits.max);
    if (invalidLimit) throw invalidInput({ limit: [invalidLimit] });
    const count = limit === undefined ? deliveryListLimits.default : Number(limit);
    return { callbacks: await service.listCallbacks(state as DeliveryState | undefined, count) };
  });

  app.post<{ Params: { id: string } }>('/admin/callbacks/:id/replay', admin, async (request) =>
    service.replayCallback(request.params.id),
  );
}
