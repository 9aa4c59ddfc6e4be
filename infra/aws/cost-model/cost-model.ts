/**
 * The cost and scale model of docs/OPERATIONS.md: what 1,000 daily active travellers cost a day and a month, per
 * service, and which limit breaks first as they grow, with the number of travellers that trips each one. Every
 * figure comes from ASSUMPTIONS (usage, each stated) and PRICES (prices.ts, each with its source); change one,
 * run `npm run cost-model`, and paste the output into docs/OPERATIONS.md (cost-model.test.ts checks that the
 * document carries exactly this output).
 */
import { fileURLToPath } from 'node:url';
import { methodThrottle } from '../api-throttles';
import {
  DEFAULT_ACCOUNT_CONCURRENCY,
  DEFAULT_THROTTLE_BURST_LIMIT,
  DEFAULT_THROTTLE_RATE_LIMIT,
  STREAM_AVERAGE_SECONDS,
  STREAMING_CONCURRENCY_CAP,
  totalReservedConcurrency,
} from '../stage-config';
import { renderConcurrency } from './concurrency';
import { round, usd } from './format';
import { PRICES, PRICES_CHECKED } from './prices';
import { renderRelayCost } from './relay-cost';
import { apiWebAclFigures, WCU_SOURCES } from './waf-capacity';
import { renderWorstDay } from './worst-day';

/** What one daily active traveller does on an average day. Estimates, not measurements: change them as data comes. */
export const ASSUMPTIONS = {
  /** Live speech per traveller a day: between the anonymous (5 min) and signed-in (15 min) allowances. */
  speechSecondsPerDay: 6 * 60,
  /** A phrase every 6 s of speech: each one translated and read out. */
  phrasesPerDay: 60,
  translateInputTokens: 120,
  translateOutputTokens: 40,
  ttsCharactersPerPhrase: 60,
  /** Share of read-outs by Deepgram Aura (English, Spanish); the rest OpenAI voices. */
  deepgramVoiceShare: 0.5,
  /** One analysis (three calls: prices, places, emergency) per traveller a day. */
  analysesPerDay: 1,
  analysisInputTokens: 700,
  analysisOutputTokens: 250,
  /** Paying subscribers among daily travellers, their photos a day and the tokens per photo (image in). */
  subscriberShare: 0.03,
  photosPerSubscriberDay: 2,
  photoInputTokens: 1_200,
  photoOutputTokens: 300,
  subscriptionUsdPerMonth: 4.99,
  /** Other API calls a day: speech keys, usage reports, capabilities, country, auth, page views, rates. */
  otherApiCallsPerDay: 35,
  /** Of those, usage reports (usage.recorded events), and the share of travellers who are anonymous. */
  usageReportsPerDay: 12,
  anonymousShare: 0.7,
  /** Write units an anonymous usage event costs the day's analytics counters (STATS#<day>). */
  statsUnitsPerAnonymousUsage: 2,
  pageViewsPerDay: 5,
  /** Lambda: buffered calls ~150 ms at 512 MB; streaming translate/TTS ~2.5 s at 1,024 MB (waiting on the provider). */
  bufferedSeconds: 0.15,
  bufferedMemoryGb: 0.5,
  streamingSeconds: STREAM_AVERAGE_SECONDS,
  streamingMemoryGb: 1,
  /** DynamoDB: write and read units per API call on average (leases, usage, marks, counters: docs/DESIGN.md §4). */
  writeUnitsPerCall: 0.6,
  readUnitsPerCall: 0.8,
  /** STATS#<day> write units per page view (docs/DESIGN.md §5, "Analytics at scale"). */
  statsUnitsPerPageView: 4.7,
  /** Bytes out per traveller a day: the app (mostly cached) and the audio of the read-outs. */
  appBytesPerDay: 1_500_000,
  audioBytesPerPhrase: 20_000,
  /** Static requests per traveller a day (HTML, scripts, locales) on top of the API's. */
  staticRequestsPerDay: 20,
  /** The busiest hour carries this share of a day's traffic (travellers in a few time zones). */
  peakHourShare: 0.15,
} as const;

/** The API's web ACL, read from the rules the stack deploys (waf-capacity.ts), never retyped. */
export const WEB_ACL = apiWebAclFigures();

/** The stage's throttles when no context overrides them (stage-config.ts), as the API stack sets each method. */
const DEFAULT_STAGE = {
  throttleRateLimit: DEFAULT_THROTTLE_RATE_LIMIT,
  throttleBurstLimit: DEFAULT_THROTTLE_BURST_LIMIT,
};

/** AWS WAF's quotas (https://docs.aws.amazon.com/waf/latest/developerguide/limits.html) and its WCU pricing. */
export const WAF_QUOTAS = {
  source: 'https://docs.aws.amazon.com/waf/latest/developerguide/limits.html',
  /** Default quota per account and region, raised on request. */
  requestsPerSecondPerWebAcl: 100_000,
  /** Fixed: cannot be raised. A rule group holds at most 4. */
  rateBasedRulesPerWebAcl: 10,
  /** Fixed maximum WCUs of a web ACL; the base price covers 1,500, each 500 above costs more per request. */
  maxCapacity: 5_000,
  includedCapacity: 1_500,
  capacitySource: WCU_SOURCES.capacity,
} as const;

/**
 * Quotas and configured ceilings the model checks, with where each comes from. Our own ceilings are read from the
 * code that sets them (api-throttles.ts, stage-config.ts), the web ACL's figures from its rules (waf-capacity.ts).
 */
export const LIMITS = {
  lambdaConcurrency: {
    value: DEFAULT_ACCOUNT_CONCURRENCY - totalReservedConcurrency(),
    source: `Lambda concurrent executions left unreserved for the buffered functions: the default quota of ${DEFAULT_ACCOUNT_CONCURRENCY.toLocaleString('en-US')} (new accounts may start lower) less the reservations (stage-config.ts)`,
  },
  streamingConcurrency: {
    value: STREAMING_CONCURRENCY_CAP,
    source:
      'reserved concurrency of each streaming function (translate, TTS), its cap (STREAMING_CONCURRENCY_CAP, stage-config.ts): streams at once',
  },
  stageRate: {
    value: methodThrottle('default', DEFAULT_STAGE).rate,
    source:
      "API stage throttle (context throttleRateLimit, stage-config.ts), which API Gateway applies to each method: the 'default' class's calls counted as one method, an upper bound, requests/s",
  },
  expensiveRate: {
    value: methodThrottle('expensive', DEFAULT_STAGE).rate,
    source:
      "per-method ceiling of the 'expensive' class (translate, TTS, photo): CEILING_HEADROOM x PEAK_REQUESTS_PER_SECOND (shared/api/rate-limits.ts), requests/s",
  },
  apiGatewayAccountRate: {
    value: 10_000,
    source: 'API Gateway requests/s per account and region, default quota',
  },
  wafWebAclRate: {
    value: WAF_QUOTAS.requestsPerSecondPerWebAcl,
    source: 'AWS WAF requests/s per web ACL, default quota (the API stage\'s web ACL sees every API call)',
  },
  statsPartitionUnits: {
    value: 1_000,
    source:
      'DynamoDB write units/s on one partition: STATS#<day>, the day counters every page view and anonymous usage event writes',
  },
  openAiTokensPerMinute: {
    value: 200_000,
    source: 'OpenAI tokens/minute at usage tier 1 for a gpt-4o-mini class model (rises with the tier)',
  },
  deepgramStreams: {
    value: 100,
    source: "Deepgram's concurrent live streams on pay-as-you-go (check the account's plan)",
  },
  wafRateBasedRules: {
    value: WAF_QUOTAS.rateBasedRulesPerWebAcl,
    source: "AWS WAF rate-based rules per web ACL, fixed (one per 429 class, constructs/api-firewall.ts)",
  },
  wafCapacity: {
    value: WAF_QUOTAS.includedCapacity,
    source: `AWS WAF capacity units (WCUs) of the API's web ACL (${WEB_ACL.rules} rules), against the 1,500 the base price covers (${WAF_QUOTAS.maxCapacity.toLocaleString('en-US')} fixed maximum)`,
  },
} as const;

const A = ASSUMPTIONS;
const P = PRICES;
const MILLION = 1_000_000;

/** API calls one traveller makes a day, by kind. */
export function callsPerTraveller() {
  const translate = A.phrasesPerDay;
  const tts = A.phrasesPerDay;
  const analysis = 3 * A.analysesPerDay;
  const photos = A.subscriberShare * A.photosPerSubscriberDay;
  const other = A.otherApiCallsPerDay;
  return { translate, tts, analysis, photos, other, total: translate + tts + analysis + photos + other };
}

export interface CostRow {
  readonly service: string;
  readonly usdPerDay: number;
  readonly basis: string;
}

/** What `dau` daily active travellers cost a day, by service (monthly = 30 days). Fixed fees are per day too. */
export function costRows(dau: number): CostRow[] {
  const calls = callsPerTraveller();
  const apiCalls = calls.total * dau;
  const streamingCalls = (calls.translate + calls.tts) * dau;
  const bufferedCalls = apiCalls - streamingCalls;
  const lambdaGbSeconds =
    bufferedCalls * A.bufferedSeconds * A.bufferedMemoryGb +
    streamingCalls * A.streamingSeconds * A.streamingMemoryGb;
  const tokensIn =
    dau *
    (A.phrasesPerDay * A.translateInputTokens +
      3 * A.analysesPerDay * A.analysisInputTokens +
      calls.photos * A.photoInputTokens);
  const tokensOut =
    dau *
    (A.phrasesPerDay * A.translateOutputTokens +
      3 * A.analysesPerDay * A.analysisOutputTokens +
      calls.photos * A.photoOutputTokens);
  const ttsThousandChars = (dau * A.phrasesPerDay * A.ttsCharactersPerPhrase) / 1000;
  const bytesOut = dau * (A.appBytesPerDay + A.phrasesPerDay * A.audioBytesPerPhrase);
  const edgeRequests = apiCalls + dau * A.staticRequestsPerDay;
  const writeUnits = apiCalls * A.writeUnitsPerCall + dau * A.pageViewsPerDay * A.statsUnitsPerPageView;
  const readUnits = apiCalls * A.readUnitsPerCall;
  const subscribers = dau * A.subscriberShare;
  const stripePerSubscriberMonth =
    A.subscriptionUsdPerMonth * (P.stripePercent.usd + P.stripeBillingPercent.usd) + P.stripeFixed.usd;
  return [
    {
      service: 'Lambda',
      usdPerDay:
        lambdaGbSeconds * P.lambdaGbSecondArm.usd + (apiCalls / MILLION) * P.lambdaMillionRequests.usd,
      basis: `${round(lambdaGbSeconds)} GB-s, ${round(apiCalls)} invocations`,
    },
    {
      service: 'API Gateway (REST)',
      usdPerDay: (apiCalls / MILLION) * P.apiGatewayRestMillionRequests.usd,
      basis: `${round(apiCalls)} requests`,
    },
    {
      service: 'DynamoDB on demand',
      usdPerDay:
        (writeUnits / MILLION) * P.dynamoDbMillionWriteUnits.usd +
        (readUnits / MILLION) * P.dynamoDbMillionReadUnits.usd,
      basis: `${round(writeUnits)} WRU, ${round(readUnits)} RRU`,
    },
    {
      service: 'CloudFront',
      usdPerDay:
        (bytesOut / 1e9) * P.cloudFrontGbOut.usd +
        (edgeRequests / MILLION) * P.cloudFrontMillionHttpsRequests.usd,
      basis: `${round(bytesOut / 1e9, 1)} GB, ${round(edgeRequests)} requests (before the free tier)`,
    },
    {
      service: 'WAF',
      usdPerDay:
        (apiCalls / MILLION) * P.wafMillionRequests.usd +
        (P.wafWebAclMonth.usd + WEB_ACL.rules * P.wafRuleMonth.usd) / 30,
      basis: `${round(apiCalls)} requests, 1 web ACL, ${WEB_ACL.rules} rules`,
    },
    {
      service: 'Deepgram speech-to-text',
      usdPerDay: ((dau * A.speechSecondsPerDay) / 60) * P.deepgramStreamingMinute.usd,
      basis: `${round((dau * A.speechSecondsPerDay) / 60)} minutes`,
    },
    {
      service: 'OpenAI tokens',
      usdPerDay:
        (tokensIn / MILLION) * P.openAiInputMillionTokens.usd +
        (tokensOut / MILLION) * P.openAiOutputMillionTokens.usd,
      basis: `${round(tokensIn)} in, ${round(tokensOut)} out`,
    },
    {
      service: 'Text-to-speech characters',
      usdPerDay:
        ttsThousandChars *
        (A.deepgramVoiceShare * P.deepgramTtsThousandChars.usd +
          (1 - A.deepgramVoiceShare) * P.openAiTtsThousandChars.usd),
      basis: `${round(ttsThousandChars * 1000)} characters`,
    },
    {
      service: 'Stripe fees',
      usdPerDay: (subscribers * stripePerSubscriberMonth) / 30,
      basis: `${round(subscribers)} subscribers at ${A.subscriptionUsdPerMonth} USD/month`,
    },
  ];
}

export interface LimitRow {
  readonly limit: string;
  /** The figure at `dau` travellers, in the limit's unit. */
  readonly atDau: number;
  readonly quota: number;
  /** Daily active travellers at which the figure reaches the quota; Infinity for a figure travellers do not move. */
  readonly tripsAt: number;
  readonly change: string;
}

/**
 * Each limit's figure: per traveller at the peak hour (so tripsAt = quota / perTraveller), or fixed by the code
 * whatever the traffic (the web ACL's rules and capacity grow with routes and 429 classes, not travellers).
 */
type Figure = { readonly perTraveller: number } | { readonly fixed: number };

function figures(): Record<keyof typeof LIMITS, Figure> {
  const calls = callsPerTraveller();
  const peak = (perDay: number) => (perDay * A.peakHourShare) / 3600;
  // The streaming functions hold their own reservations; the rest share what is left.
  const concurrency = peak(calls.total - calls.translate - calls.tts) * A.bufferedSeconds;
  const tokensPerDay =
    A.phrasesPerDay * (A.translateInputTokens + A.translateOutputTokens) +
    3 * A.analysesPerDay * (A.analysisInputTokens + A.analysisOutputTokens) +
    calls.photos * (A.photoInputTokens + A.photoOutputTokens);
  // A traveller speaking streams for their speech seconds: concurrent streams = speech-seconds/s at the peak.
  const streams = peak(A.speechSecondsPerDay);
  return {
    lambdaConcurrency: { perTraveller: concurrency },
    streamingConcurrency: { perTraveller: peak(Math.max(calls.translate, calls.tts)) * A.streamingSeconds },
    stageRate: { perTraveller: peak(calls.other) },
    expensiveRate: { perTraveller: peak(calls.translate) },
    apiGatewayAccountRate: { perTraveller: peak(calls.total) },
    wafWebAclRate: { perTraveller: peak(calls.total) },
    statsPartitionUnits: {
      perTraveller: peak(
        A.pageViewsPerDay * A.statsUnitsPerPageView +
          A.usageReportsPerDay * A.anonymousShare * A.statsUnitsPerAnonymousUsage,
      ),
    },
    openAiTokensPerMinute: { perTraveller: (tokensPerDay * A.peakHourShare) / 60 },
    deepgramStreams: { perTraveller: streams },
    wafRateBasedRules: { fixed: WEB_ACL.rateBasedRules },
    wafCapacity: { fixed: WEB_ACL.capacity },
  };
}

const CHANGES: Record<keyof typeof LIMITS, string> = {
  lambdaConcurrency:
    'ask for a higher concurrency quota (Service Quotas) well before, then pass it as -c accountConcurrency',
  streamingConcurrency:
    'raise STREAMING_CONCURRENCY_CAP (stage-config.ts) with the account quota and the provider budget: a stream holds its slot for the whole answer',
  stageRate:
    'raise -c throttleRateLimit/throttleBurstLimit with PEAK_REQUESTS_PER_SECOND (shared/api/rate-limits.ts): a ceiling against floods',
  expensiveRate:
    "raise PEAK_REQUESTS_PER_SECOND.expensive (shared/api/rate-limits.ts) with the provider budget; the stage's throttle caps it too",
  apiGatewayAccountRate:
    'ask for a higher API Gateway quota; by then consider HTTP APIs or caching the static answers',
  wafWebAclRate: 'ask for a higher requests-per-second quota for the web ACL (Service Quotas, AWS WAF)',
  statsPartitionUnits:
    'batch the page-view consumer (SQS, one transaction per batch) then shard VISITORS (docs/DESIGN.md §5)',
  openAiTokensPerMinute:
    'move up an OpenAI usage tier (spend history) or spread the load over a second project/key',
  deepgramStreams: 'ask Deepgram for a higher concurrency limit (a growth plan) before launch campaigns',
  wafRateBasedRules:
    'trips with a third new 429 class, not with travellers: before adding one, let two classes share a rule (one scope-down over both)',
  wafCapacity:
    'trips with routes and body limits, not travellers: above 1,500 WCUs each 500 more cost per million requests; merge body-size rules first',
};

export function limitRows(dau: number): LimitRow[] {
  const byLimit = figures();
  return (Object.keys(LIMITS) as (keyof typeof LIMITS)[])
    .map((key) => {
      const figure = byLimit[key];
      const quota = LIMITS[key].value;
      return 'fixed' in figure
        ? { limit: LIMITS[key].source, atDau: figure.fixed, quota, tripsAt: Infinity, change: CHANGES[key] }
        : {
            limit: LIMITS[key].source,
            atDau: figure.perTraveller * dau,
            quota,
            tripsAt: quota / figure.perTraveller,
            change: CHANGES[key],
          };
    })
    .sort((a, b) => a.tripsAt - b.tripsAt);
}

export const SCALES = [1_000, 10_000, 100_000] as const;

/** The tables as Markdown, exactly as docs/OPERATIONS.md carries them. */
export function renderCostModel(): string {
  const lines: string[] = [];
  const byScale = SCALES.map((dau) => costRows(dau));
  const header = SCALES.map((dau) => `${round(dau)} travellers: USD/day`).join(' | ');
  lines.push(`| service | ${header} | USD/month at 1,000 | basis at 1,000 a day |`);
  lines.push(`| --- | ${SCALES.map(() => '---:').join(' | ')} | ---: | --- |`);
  const [base = []] = byScale;
  base.forEach((row, index) => {
    const cells = byScale.map((rows) => usd(rows[index]?.usdPerDay ?? 0)).join(' | ');
    lines.push(`| ${row.service} | ${cells} | ${usd(row.usdPerDay * 30)} | ${row.basis} |`);
  });
  const totals = byScale.map((rows) => rows.reduce((sum, row) => sum + row.usdPerDay, 0));
  lines.push(
    `| **total** | ${totals.map((total) => `**${usd(total)}**`).join(' | ')} | **${usd((totals[0] ?? 0) * 30)}** | |`,
  );
  const perTraveller = (totals[0] ?? 0) / SCALES[0];
  lines.push('');
  lines.push(
    `Per traveller a day: ${perTraveller.toFixed(4)} USD; revenue per traveller a day at ${A.subscriberShare * 100}% subscribers: ${((A.subscriberShare * A.subscriptionUsdPerMonth) / 30).toFixed(4)} USD.`,
  );
  lines.push('');
  lines.push('What breaks first, in order (peak hour = ' + `${A.peakHourShare * 100}% of a day's traffic):`);
  lines.push('');
  lines.push(
    '| limit | at 1,000 | at 10,000 | at 100,000 | quota | trips at (travellers) | change to make |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  const rowsAt = SCALES.map((dau) => limitRows(dau));
  (rowsAt[0] ?? []).forEach((row, index) => {
    const cells = rowsAt
      .map((rows) => rows[index]?.atDau ?? 0)
      .map((figure) => round(figure, figure < 100 && !Number.isInteger(figure) ? 1 : 0))
      .join(' | ');
    const tripsAt = Number.isFinite(row.tripsAt) ? round(row.tripsAt) : 'not by travellers';
    lines.push(`| ${row.limit} | ${cells} | ${round(row.quota)} | ${tripsAt} | ${row.change} |`);
  });
  lines.push('');
  lines.push(renderRelayCost());
  lines.push('');
  lines.push(renderConcurrency());
  lines.push('');
  lines.push(renderWorstDay());
  lines.push('');
  lines.push(`Prices as of ${PRICES_CHECKED}; sources in infra/aws/cost-model/prices.ts.`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(renderCostModel());
}
