import { examples } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { applyOutcomes, compileOutcomes, countEnrichment, type RiskThresholds } from './outcomes.js';

const thresholds: RiskThresholds = {
  windowDays: 90,
  minEnrichments: 10,
  chargebackRate: 0.1,
  fraudRate: 0.1,
  declineRate: 0.5,
  refundRate: 0.5,
};
const result = examples.enrichmentExample;
const counterpartyId = result.counterparty[0]!.id;
const none = { chargebacksLost: 0, fraudReports: 0, declines: 0, refunds: 0 };

const risk = (counts: Partial<typeof none> & { enrichments: number }) =>
  applyOutcomes(
    compileOutcomes({ thresholds, counterparties: [{ counterpartyId, ...none, ...counts }] }),
    result,
  ).transactionInfo.riskInsights;

describe('applyOutcomes', () => {
  it('makes the counterparty high risk once a rate that counts reaches its threshold', () => {
    expect(risk({ enrichments: 10, chargebacksLost: 1 })).toMatchObject({
      highRiskEntity: true,
      outcomeHistory: {
        enrichments: 10,
        chargebacksLost: 1,
        chargebackRate: 0.1,
        exceeded: ['chargebackRate'],
      },
    });
    expect(risk({ enrichments: 11, chargebacksLost: 1 })).toMatchObject({
      highRiskEntity: false,
      outcomeHistory: { chargebackRate: 0.0909, exceeded: [] },
    });
  });

  it('counts no rate below the minimum of enrichments, leaving highRiskEntity as the industry said', () => {
    const below = risk({ enrichments: 9, chargebacksLost: 9, fraudReports: 9 });
    expect(below.highRiskEntity).toBe(result.transactionInfo.riskInsights.highRiskEntity);
    expect(below.outcomeHistory).toMatchObject({ chargebackRate: null, fraudRate: null, exceeded: [] });
  });

  it('leaves a counterparty without outcomes untouched, and counts enrichments of those it holds', () => {
    const compiled = compileOutcomes({ thresholds, counterparties: [] });
    expect(applyOutcomes(compiled, result)).toBe(result);
    const held = compileOutcomes({
      thresholds,
      counterparties: [{ counterpartyId, ...none, enrichments: 9, refunds: 5 }],
    });
    expect(applyOutcomes(held, result).transactionInfo.riskInsights.highRiskEntity).not.toBe(true);
    countEnrichment(held, counterpartyId);
    countEnrichment(held, 'another');
    expect(applyOutcomes(held, result).transactionInfo.riskInsights).toMatchObject({
      highRiskEntity: true,
      outcomeHistory: { enrichments: 10, refundRate: 0.5, exceeded: ['refundRate'] },
    });
  });
});
