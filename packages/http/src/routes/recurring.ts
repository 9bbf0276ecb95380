/**
 * `GET /users/{userId}/recurring[?status=active|inactive]`: the user's
 * recurring series (subscriptions and bills) in the caller's environment, an
 * extension beyond the contract (see the README, "Recurring series").
 */
import { messages, type RecurringStatus, recurringStatuses } from '@txenrich/schema';
import type { Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors.js';
import { validPathIds } from './path-ids.js';

export function registerRecurringRoutes(app: FastifyInstance, service: Service): void {
  app.get<{ Params: { userId: string }; Querystring: { status?: string | string[] } }>(
    '/users/:userId/recurring',
    async (request) => {
      const { userId } = validPathIds(request.params);
      const { status } = request.query;
      const isStatus = (value: unknown): value is RecurringStatus =>
        (recurringStatuses as readonly unknown[]).includes(value);
      if (status !== undefined && !isStatus(status))
        throw invalidInput({ status: [messages.invalidChoice(status)] });
      const view = await service.recurring(request.principal.scope, userId, status);
      return { userId, ...view };
    },
  );
}
