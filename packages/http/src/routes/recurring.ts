/**
 * `GET /users/{userId}/recurring[?status=active|inactive]`: the user's
 * recurring series (subscriptions and bills) in the caller's environment, an
 * extension beyond the contract (see the README, "Recurring series").
 */
import { messages } from '@txenrich/schema';
import type { RecurringStatus, Service } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors.js';

const statuses: readonly RecurringStatus[] = ['active', 'inactive'];

export function registerRecurringRoutes(app: FastifyInstance, service: Service): void {
  app.get<{ Params: { userId: string }; Querystring: { status?: string | string[] } }>(
    '/users/:userId/recurring',
    async (request) => {
      const { userId } = request.params;
      const { status } = request.query;
      if (status !== undefined && !statuses.includes(status as RecurringStatus))
        throw invalidInput({ status: [messages.invalidChoice(status)] });
      const view = await service.recurring(
        request.principal.scope,
        userId,
        status as RecurringStatus | undefined,
      );
      return { userId, ...view };
    },
  );
}
