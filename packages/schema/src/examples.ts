import type { Batch, BatchOptions } from './batches.js';
import type {
  Category,
  CategoryInUse,
  CategoryRuleView,
  NewCategory,
  NewCategoryRule,
  PersonalizationView,
} from './categories.js';
import type { Corporations } from './corporations.js';
import type { Enrichment, FailedResultItem } from './enrichment.js';
import type { Merchants } from './merchants.js';
import type {
  CallbackDelivery,
  HealthBody,
  ReadinessBody,
  ReportCorrection,
  ReportView,
  UsageView,
} from './operator.js';
import type { ChargebackOutcome, DeclineOutcome, FraudOutcome, RefundOutcome } from './outcomes.js';
import type {
  CardTransactionInput,
  De43TransactionInput,
  TransferTransactionInput,
  UniversalTransactionInput,
} from './transactions.js';
import type {
  CategoryTrigger,
  CategoryTriggerScopeStatus,
  MerchantTriggerInput,
  TriggerScopeStatus,
} from './triggers.js';

/** Example bodies of the OpenAPI document; a test checks each against its schema. */

export const cardExample = {
  transactionId: 'tx-0001',
  userId: 'user-42',
  cardId: 'card-7',
  merchantName: 'SQ *BLUE BOTTLE COFFEE',
  amount: '5.75',
  currencyCode: 'USD',
  occurredAt: '2024-06-01T08:15:00Z',
  categoryCode: '5814',
  categoryType: 'MCC',
  location: { city: 'San Francisco', region: 'CA', country: 'US', postalCode: '94103' },
  customAttributes: { ledgerRef: 'A-19' },
} satisfies CardTransactionInput;

export const de43Example = {
  transactionId: 'tx-0002',
  userId: 'user-42',
  de43: 'NETFLIX.COM            866-579-7172  CA ',
  amount: 15.49,
  currencyCode: 'USD',
  occurredAt: '2024-06-03',
  categoryCode: '4899',
} satisfies De43TransactionInput;

export const transferExample = {
  transactionId: 'tx-0003',
  userId: 'user-42',
  accountId: 'chk-1',
  transactionType: 'ACH_DEPOSIT',
  description: 'ACME CORP DES:PAYROLL ID:XXXXX8841 INDN:JANE DOE CO ID:XXXXX44188 PPD',
  amount: '2450.00',
  currencyCode: 'USD',
  occurredAt: '2024-06-14',
  direction: 'CREDIT',
} satisfies TransferTransactionInput;

export const universalExample = {
  transactionId: 'tx-0004',
  userId: 'user-42',
  description: 'Zelle payment to John Smith Conf# 8hq2k',
  amount: -40,
  currencyCode: 'USD',
  occurredAt: '2024-06-15 18:02:11Z',
} satisfies UniversalTransactionInput;

const industryIcon = 'https://txenrich.dev/icons/';

export const enrichmentExample = {
  enrichmentId: '3c9a61f4-5b0e-4f5e-9a3b-7f1d2e8c4b10',
  transactionInfo: {
    transactionId: 'tx-0001',
    type: 'spending',
    subType: null,
    display: {
      name: 'Blue Bottle Coffee',
      categoryName: 'Coffee Shops',
      graphic: 'https://www.bluebottlecoffee.com/favicon.ico',
      graphicSource: 'counterparty',
    },
    thirdParties: [
      {
        id: '0b3c7d0e-6f1a-5d2b-8c4e-2a9f1e6d3b70',
        name: 'Square',
        type: 'payment_processor',
        logo: 'https://cdn.simpleicons.org/square',
        website: 'https://squareup.com',
      },
    ],
    spendingInfo: { channel: { value: 'physical' } },
    transferInfo: null,
    atmInfo: null,
    isAccountVerification: false,
    isPeerToPeer: false,
    isDigitalWallet: false,
    recurrenceInfo: null,
    riskInsights: {
      irregularWebPresenceDetected: false,
      negativeOnlineSentiment: null,
      highRiskEntity: false,
      riskyIndustry: false,
      cardAcceptanceHistory: 'extensive',
    },
  },
  counterparty: [
    {
      id: '7d7f2a3e-8c1b-5e4a-9f6d-1b2c3d4e5f60',
      name: 'Blue Bottle Coffee',
      legalName: 'Blue Bottle Coffee, LLC',
      industry: [
        { id: '011-000-000-000', name: 'Food and Drink', icon: `${industryIcon}food-and-drink.svg` },
        { id: '011-003-000-000', name: 'Coffee Shops', icon: `${industryIcon}coffee.svg` },
      ],
      location: [
        {
          id: null,
          address: null,
          addressLine1: null,
          addressLine2: null,
          city: 'San Francisco',
          region: 'CA',
          postalCode: '94103',
          country: 'US',
          phoneNumber: null,
          latitude: 37.7725,
          longitude: -122.4091,
          matchScore: null,
        },
      ],
      matchScore: 96.5,
      logo: 'https://www.bluebottlecoffee.com/favicon.ico',
      medianSpendPerTransaction: null,
      phoneNumber: null,
      website: 'https://www.bluebottlecoffee.com',
      possibleCounterpartyAlternate: null,
      verified: true,
    },
  ],
  actions: null,
  customAttributes: { ledgerRef: 'A-19' },
} satisfies Enrichment;

export const failedItemExample = {
  statusCode: 400,
  errors: { merchantName: ['This field is required.'] },
  transactionInfo: { transactionId: 'tx-0005' },
} satisfies FailedResultItem;

export const batchExample = {
  batchId: 'a1e7c1d2-9b3f-4c8e-8d2a-5f6e7a8b9c0d',
  status: 'pending',
  batchSize: 2,
  submittedAt: '2024-11-21T20:07:20.213660Z',
} satisfies Batch;

export const batchOptionsExample = {
  name: 'Card Batch Enrichment',
  description: 'Enrich up to 50,000 card transactions asynchronously, or up to synchronousMax inline.',
  renders: ['application/json'],
  parses: ['application/json'],
  synchronousMax: 100,
} satisfies BatchOptions;

export const userRecurringExample = {
  userId: 'user-123',
  asOf: '2024-12-26',
  series: [
    {
      seriesId: '3f6a2d1e-5b7c-5e8f-9a0b-1c2d3e4f5a6b#0',
      counterparty: { id: '3f6a2d1e-5b7c-5e8f-9a0b-1c2d3e4f5a6b', name: 'Netflix' },
      firstDate: '2024-01-05',
      lastDate: '2024-12-05',
      count: 12,
      averageAmount: 15.49,
      lastAmount: 15.49,
      periodicity: { days: 30, label: 'monthly' },
      nextExpected: { date: '2025-01-05', amount: 15.49 },
      confidence: 0.95,
      active: true,
    },
  ],
};

export const corporationsExample = {
  corporations: [
    {
      name: 'Starbucks',
      logo: 'https://cdn.simpleicons.org/starbucks',
      website: 'https://www.starbucks.com',
    },
    { name: 'Star Market', logo: null, website: 'https://www.starmarket.com' },
  ],
} satisfies Corporations;

/** `GET /merchants?name=comfort suites`, its affiliates cut to two. */
export const merchantsExample = {
  counterparties: [
    {
      id: '94bea5fb-1285-59bf-b418-fe9e841ef569',
      name: 'Comfort Suites',
      legalName: null,
      industry: [
        { id: '013-000-000-000', name: 'Travel', icon: 'https://txenrich.example/icons/travel.svg' },
        {
          id: '013-002-000-000',
          name: 'Hotels and Lodging',
          icon: 'https://txenrich.example/icons/hotel.svg',
        },
        {
          id: '013-002-001-000',
          name: 'Hotels and Motels',
          icon: 'https://txenrich.example/icons/hotel.svg',
        },
      ],
      location: [],
      matchScore: 100,
      logo: null,
      medianSpendPerTransaction: null,
      phoneNumber: null,
      website: 'https://choicehotels.com',
      possibleCounterpartyAlternate: null,
      verified: true,
      expectedMerchantCategoryCodes: ['7011'],
      alternates: [],
      affiliates: [
        {
          id: '9de3d8b4-9bc0-5441-bf47-e4999ba12156',
          name: 'Choice Hotels',
          website: 'https://choicehotels.com',
          relation: 'parent',
        },
        {
          id: 'eeccb64f-d2c5-583b-b758-012cd401f177',
          name: 'Clarion',
          website: 'https://choicehotels.com',
          relation: 'sibling',
        },
      ],
    },
  ],
  thirdParties: [],
} satisfies Merchants;

export const chargebackExample = {
  state: 'chargeback_lost',
  chargebackNotes: 'Cardholder did not recognise the charge.',
  occurredAt: '2024-11-28T09:14:00Z',
  isFraud: true,
  fraudType: 'card_not_present',
} satisfies ChargebackOutcome;

export const declineExample = {
  declineCode: '05',
  declineDescription: 'Do not honor',
  occurredAt: '2024-11-21T20:07:20Z',
} satisfies DeclineOutcome;

export const refundExample = {
  refundNotes: 'Order cancelled by the merchant.',
  occurredAt: '2024-11-23',
} satisfies RefundOutcome;

export const fraudExample = {
  fraudType: 'stolen_card',
  fraudNotes: 'Card reported stolen the day before.',
} satisfies FraudOutcome;

export const triggerExample = {
  id: 'block-casino-1',
  merchantName: 'Lucky Star Casino',
  action: { type: 'BLOCK', reason: 'gambling' },
  website: 'https://www.luckystarcasino.org',
  level: 'corporation',
} satisfies MerchantTriggerInput;

export const triggerStatusExample = {
  status: 'succeeded',
  version: 3,
  merchantTriggers: [{ id: 'block-casino-1', action: { type: 'BLOCK', reason: 'gambling' } }],
  totalCount: 1,
} satisfies TriggerScopeStatus;

const home = { id: '019-000-000-000', name: 'Home and Services', icon: `${industryIcon}home-services.svg` };

/** A default category: the hierarchical id results carry. */
export const defaultCategoryExample = {
  ...home,
  fullCategoryHierarchy: [home],
} satisfies Category;

export const newCategoryExample = {
  name: 'Kitchen Remodel',
  parentId: '019-000-000-000',
} satisfies NewCategory;

/** A custom category: its parent's hierarchy, itself last, its parent's icon. */
export const customCategoryExample = {
  id: '4d5419f1-bcde-40f5-9168-7f8989b9c55f',
  name: 'Kitchen Remodel',
  icon: home.icon,
  fullCategoryHierarchy: [
    home,
    { id: '4d5419f1-bcde-40f5-9168-7f8989b9c55f', name: 'Kitchen Remodel', icon: home.icon },
  ],
} satisfies Category;

export const personalizationExample = {
  counterpartyId: enrichmentExample.counterparty[0]!.id,
  categoryId: customCategoryExample.id,
} satisfies PersonalizationView;

/** A category rule: home-supply purchases (MCC 5200 to 5251) of 100 or more filed under Kitchen Remodel. */
export const newCategoryRuleExample = {
  categoryId: customCategoryExample.id,
  match: { mcc: { from: 5200, to: 5251 }, direction: 'outgoing', amount: { min: 100 } },
} satisfies NewCategoryRule;

export const categoryRuleExample = {
  id: '7c1e2a04-93d5-4e4b-8f0a-2b6d9c3e1f57',
  ...newCategoryRuleExample,
  createdAt: '2026-11-20T09:30:00.000Z',
} satisfies CategoryRuleView;

/** A rule by name: a glob (`*` any run, `?` one character, `\\` escapes; case aside) over the displayed name. */
export const namePatternRuleExample = {
  categoryId: '019-000-000-000',
  match: { namePattern: 'HOME DEPOT*', channel: 'physical' },
} satisfies NewCategoryRule;

export const categoryInUseExample = {
  details: 'This category is in use: delete or change what uses it first.',
  personalizations: [{ ...personalizationExample, userId: 'user-1234' }],
  rules: [categoryRuleExample],
  categories: [
    {
      id: 'e4cf5379-583f-44ed-b625-366044e666e6',
      name: 'Cabinets',
      parentId: customCategoryExample.id,
    },
  ],
  categoryTriggers: [
    { id: 'remodel-budget', categoryId: customCategoryExample.id, scope: 'user', userId: 'user-1234' },
  ],
} satisfies CategoryInUse;

/** A category action trigger: every transaction under Home and Services (its descendants too). */
export const categoryTriggerExample = {
  id: 'notify-home-services',
  categoryId: home.id,
  action: { type: 'NOTIFY', channel: 'push' },
} satisfies CategoryTrigger;

export const categoryTriggerStatusExample = {
  status: 'succeeded',
  version: 2,
  categoryTriggers: [categoryTriggerExample],
  totalCount: 1,
} satisfies CategoryTriggerScopeStatus;

export const errorReportExample = {
  enrichmentId: enrichmentExample.enrichmentId,
  errorDescription: 'This was a bakery, not a coffee shop.',
  incorrectCategory: true,
  incorrectCategoryDescription: 'Should be Bakeries.',
};

export const callbackDeliveryExample = {
  id: '0b5cf0a2-6a4e-4f3b-9d2e-8c1f7a3e5d41',
  kind: 'batch_callback',
  tenant: 'acme',
  environment: 'production',
  url: 'https://example.com/hooks/batches',
  state: 'abandoned',
  attempts: 13,
  lastError: 'HTTP 503',
  createdAt: '2024-11-21T20:07:31.402Z',
  nextAttemptAt: null,
  deliveredAt: null,
  abandonedAt: '2024-11-24T20:07:31.655Z',
  replayedAt: null,
  body: { batchId: batchExample.batchId, status: 'completed' },
} satisfies CallbackDelivery;

export const readinessExample = {
  status: 'ready',
  checks: { store: 'ok', catalog: 'ok' },
} satisfies ReadinessBody;

export const reportViewExample = {
  id: '5d0c8f9e-2b7a-4c1e-9f3d-6a8b2c4e1f07',
  tenant: 'acme',
  environment: 'production',
  ...errorReportExample,
  status: 'open',
  createdAt: '2024-11-22T10:31:12.044Z',
} satisfies ReportView;

export const reportCorrectionExample = {
  counterparty: { name: 'Tartine Bakery', website: 'tartinebakery.com' },
} satisfies ReportCorrection;

export const usageViewExample = {
  tenant: 'acme',
  environment: 'production',
  billingProfile: null,
  organizationId: null,
  endpoint: 'batch.card',
  day: '2024-11-21',
  count: 50_000,
} satisfies UsageView;

export const healthExample = { status: 'ok', region: 'us' } satisfies HealthBody;

/** A few lines of `/metrics` (Prometheus text format). */
export const metricsExample = [
  '# HELP txenrich_http_requests_total HTTP requests answered, by method, route pattern and status.',
  '# TYPE txenrich_http_requests_total counter',
  'txenrich_http_requests_total{method="POST",route="/transactions/cards/enrich",status="200"} 1024',
  '',
].join('\n');
