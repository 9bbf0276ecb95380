/** Routes of a feature the key must carry (merchant search, triggers): 403 otherwise. */
import type { Feature } from '@txenrich/service';
import type { FastifyReply, FastifyRequest } from 'fastify';

const names: Readonly<Record<Feature, string>> = {
  merchantSearch: 'Merchant search',
  triggers: 'Merchant action triggers',
  multiSource: 'Multi-source',
};

export function featureDisabledDetails(feature: Feature): string {
  return `${names[feature]} is not enabled for this API key.`;
}

export function requireFeature(feature: Feature) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.principal.features.has(feature))
      return reply.code(403).send({ details: featureDisabledDetails(feature) });
  };
}
