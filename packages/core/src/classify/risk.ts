/** Risk insights: risky industries, and for a known merchant its web presence and card acceptance. */
import type { Mcc, Merchant } from '@txenrich/catalog';
import type { CardAcceptanceHistory, RiskInsights } from '@txenrich/schema';

/** Top-level industries whose merchants are risky whatever the MCC says. */
const riskyTopLevels = new Set(['022', '023']);

const isRiskyIndustry = (industryId: string) => riskyTopLevels.has(industryId.slice(0, 3));

/** How widely cards are taken there, from how often the merchant is met. */
function acceptanceHistory(merchant: Merchant | null): CardAcceptanceHistory | null {
  if (!merchant) return null;
  if (merchant.popularity >= 0.6) return 'extensive';
  if (merchant.popularity >= 0.35) return 'established';
  if (merchant.popularity >= 0.15) return 'stable';
  return 'limited';
}

export function cardRiskInsights(
  mcc: Mcc | null,
  merchant: Merchant | null,
  industryId: string | null,
): RiskInsights {
  const riskyIndustry = Boolean(mcc?.risky) || (industryId !== null && isRiskyIndustry(industryId));
  return {
    // Without a known merchant there is no evidence either way.
    irregularWebPresenceDetected: merchant
      ? merchant.website === null && merchant.channel === 'digital'
      : null,
    negativeOnlineSentiment: null,
    highRiskEntity: merchant ? riskyIndustry : null,
    riskyIndustry,
    cardAcceptanceHistory: acceptanceHistory(merchant),
  };
}

/** A bank movement says nothing of cards or web presence; only the industry can be risky. */
export function bankRiskInsights(industryId: string | null): RiskInsights {
  return {
    irregularWebPresenceDetected: null,
    negativeOnlineSentiment: null,
    highRiskEntity: null,
    riskyIndustry: industryId ? isRiskyIndustry(industryId) : null,
    cardAcceptanceHistory: null,
  };
}
