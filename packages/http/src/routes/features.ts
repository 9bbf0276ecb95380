/** Routes of a feature the key must carry (merchant search, triggers): 403 otherwise. */
import { type Feature, ServiceError } from '@txenrich/service';
import type { FastifyRequest } from 'fastify';

const names: Readonly<Record<Feature, string>> = {
  merchantSearch: 'Merchant search',
  triggers: 'Merchant action triggers',
  multiSource: 'Multi-source',
};

export function featureDisabledDetails(feature: Feature): string {
  return `${names[feature]} is not enabled for this API key.`;
}

export function requireFeature(feature: Feature) {
  return async (request: FastifyRequest) => {
    if (!request.principal.features.has(feature))
      throw new ServiceError('FORBIDDEN', featureDisabledDetails(feature));
  };
}
