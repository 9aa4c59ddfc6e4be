/**
 * Unit prices the cost model (cost-model.ts) and the dashboard's spend estimate use, in US dollars, each with
 * where it comes from. Public list prices, us-east-1 where AWS prices vary by region, as of the `checked` date:
 * re-check them before trusting a figure (`npm run cost-model` prints the table from these).
 */
export interface UnitPrice {
  readonly usd: number;
  readonly per: string;
  readonly source: string;
}

export const PRICES_CHECKED = '2025-06 (list prices; not re-checked from this machine, which has no network)';

export const PRICES = {
  deepgramStreamingMinute: {
    usd: 0.0077,
    per: 'minute of live speech-to-text (Nova-3 streaming, pay as you go)',
    source: 'https://deepgram.com/pricing',
  },
  deepgramTtsThousandChars: {
    usd: 0.03,
    per: '1,000 characters of Aura-2 text-to-speech (pay as you go)',
    source: 'https://deepgram.com/pricing',
  },
  openAiTtsThousandChars: {
    usd: 0.015,
    per: '1,000 characters of OpenAI tts-1 speech',
    source: 'https://openai.com/api/pricing',
  },
  openAiInputMillionTokens: {
    usd: 0.15,
    per: '1M input tokens (gpt-4o-mini class model)',
    source: 'https://openai.com/api/pricing',
  },
  openAiOutputMillionTokens: {
    usd: 0.6,
    per: '1M output tokens (gpt-4o-mini class model)',
    source: 'https://openai.com/api/pricing',
  },
  lambdaGbSecondArm: {
    usd: 0.0000133334,
    per: 'GB-second of Lambda on arm64 (first tier)',
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  lambdaMillionRequests: {
    usd: 0.2,
    per: '1M Lambda requests',
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  apiGatewayRestMillionRequests: {
    usd: 3.5,
    per: '1M REST API requests (first 333M a month)',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  dynamoDbMillionWriteUnits: {
    usd: 0.625,
    per: '1M on-demand write request units',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  dynamoDbMillionReadUnits: {
    usd: 0.125,
    per: '1M on-demand read request units',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  cloudFrontGbOut: {
    usd: 0.085,
    per: 'GB out to the internet (North America/Europe, first 10 TB; the first 1 TB a month is free)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  cloudFrontMillionHttpsRequests: {
    usd: 1.0,
    per: '1M HTTPS requests (North America/Europe)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  wafMillionRequests: {
    usd: 0.6,
    per: '1M requests inspected by a web ACL',
    source: 'https://aws.amazon.com/waf/pricing/',
  },
  wafWebAclMonth: { usd: 5, per: 'web ACL a month', source: 'https://aws.amazon.com/waf/pricing/' },
  wafRuleMonth: { usd: 1, per: 'rule a month', source: 'https://aws.amazon.com/waf/pricing/' },
  // The speech relay (stacks/relay-stack.ts), us-east-1 list prices read 2026-11-28 from the pages named (from
  // the stored copies this machine can read, not live): re-check them as the others.
  fargateArmVcpuHour: {
    usd: 0.03238,
    per: 'vCPU-hour of Fargate, Linux on arm64 (Graviton)',
    source: 'https://aws.amazon.com/fargate/pricing/',
  },
  fargateArmGbHour: {
    usd: 0.00356,
    per: 'GB-hour of Fargate memory, Linux on arm64',
    source: 'https://aws.amazon.com/fargate/pricing/',
  },
  albHour: {
    usd: 0.0225,
    per: 'Application Load Balancer-hour',
    source: 'https://aws.amazon.com/elasticloadbalancing/pricing/',
  },
  albLcuHour: {
    usd: 0.008,
    per: 'ALB LCU-hour (the largest of: 25 new connections/s, 3,000 active connections, 1 GB processed an hour to IP targets, 1,000 rule evaluations/s)',
    source: 'https://aws.amazon.com/elasticloadbalancing/pricing/',
  },
  publicIpv4Hour: {
    usd: 0.005,
    per: 'public IPv4 address-hour (each relay task has one: no NAT gateway)',
    source: 'https://aws.amazon.com/vpc/pricing/',
  },
  dataTransferOutGb: {
    usd: 0.09,
    per: 'GB out from AWS to the internet (first 10 TB a month; lower tiers above: an upper bound at volume)',
    source: 'https://aws.amazon.com/ec2/pricing/on-demand/',
  },
  cloudFrontGbToOrigin: {
    usd: 0.02,
    per: 'GB CloudFront carries from viewers to the origin (North America/Europe)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  stripePercent: {
    usd: 0.029,
    per: 'share of each card payment (2.9%, US cards)',
    source: 'https://stripe.com/pricing',
  },
  sesThousandMails: {
    usd: 0.1,
    per: '1,000 e-mails sent with Amazon SES (outbound, from a Lambda)',
    source: 'https://aws.amazon.com/ses/pricing/',
  },
  stripeFixed: { usd: 0.3, per: 'card payment (fixed part)', source: 'https://stripe.com/pricing' },
  stripeBillingPercent: {
    usd: 0.007,
    per: 'share of recurring billing volume (Stripe Billing, 0.7%)',
    source: 'https://stripe.com/billing/pricing',
  },
} as const satisfies Record<string, UnitPrice>;
