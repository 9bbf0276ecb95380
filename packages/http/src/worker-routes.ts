/**
 * What a worker process of a fleet (`txenrich serve --role worker`) serves over HTTP: the routes marked
 * `servedByWorkers` (the probes and the metrics its orchestrator and scraper need), and no API. Any other
 * request is answered 421 Misdirected Request, naming the role and the routes it serves: the API exists,
 * on the fleet's API processes, so a 404 would tell a client its batch is gone, and a client that reached
 * a worker was sent to the wrong process (a load balancer listing workers).
 */
import type { Service } from '@txenrich/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served by a worker process too (probes, metrics); every other route only by API processes. */
    servedByWorkers?: boolean;
  }
}

/** A route's options that mark it as served by worker processes too. */
export const servedByWorkers = { servedByWorkers: true } as const;

export const workerRefusal = (paths: Iterable<string>) =>
  `This process is a txenrich worker (--role worker): it runs batch chunks and serves only ${[...paths].sort().join(', ')}. Send API requests to the fleet's API processes.`;

export interface WorkerRoutes {
  /**
   * Throws the refusal when this process is a worker and the request's route is not one it serves. Call it
   * before the API key is checked: a worker answers the same to everyone.
   */
  check(request: FastifyRequest): void;
  /** On a worker, the refusal of a request whose path the router refused (no route a worker serves). */
  unrouted(): HttpError | null;
}

/** The routes this process serves by its role. Call before the routes are added: it lists the ones marked. */
export function workerRoutes(app: FastifyInstance, service: Service): WorkerRoutes {
  if (service.role !== 'worker') return { check: () => {}, unrouted: () => null };
  const served = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.servedByWorkers) served.add(route.url);
  });
  const refusal = () => new HttpError('WORKER_PROCESS', workerRefusal(served));
  return {
    check(request) {
      if (request.is404 || !request.routeOptions.config.servedByWorkers) throw refusal();
    },
    unrouted: refusal,
  };
}
