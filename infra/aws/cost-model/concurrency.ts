/**
 * Lambda concurrency as the stacks reserve it (stage-config.ts): how much of the account's quota is guaranteed to
 * the functions that must never starve, how much the streaming functions are capped at, what the cap admits, and
 * what a flood held at the cap costs an hour. Every figure from the code's constants and prices.ts.
 */
import { routes } from '@wayfarer/shared/api/routes';
import { accessForArea } from '../area-access';
import {
  DEFAULT_ACCOUNT_CONCURRENCY,
  GUARANTEED_CONCURRENCY,
  LAMBDA_MIN_UNRESERVED,
  STREAM_AVERAGE_SECONDS,
  STREAMING_CONCURRENCY_CAP,
  totalReservedConcurrency,
} from '../stage-config';
import { round, usd } from './format';
import { PRICES } from './prices';

const MILLION = 1_000_000;

/** The streaming routes (translate, TTS), each capped at STREAMING_CONCURRENCY_CAP, with their Lambda's sizing. */
export const STREAMING_FUNCTIONS = routes
  .filter((route) => route.streaming)
  .map((route) => {
    const access = accessForArea(route.handler.area);
    return { id: route.id, memoryGb: access.memorySize / 1024, timeoutSeconds: access.timeoutSeconds };
  });

export interface FloodRow {
  readonly id: string;
  readonly cap: number;
  /** The longest a stream may hold its execution: the function's timeout. */
  readonly timeoutSeconds: number;
  /** Calls a second the cap admits when streams last STREAM_AVERAGE_SECONDS. */
  readonly callsPerSecondAtAverage: number;
  /** AWS's bill for an hour of the cap held by streams of `seconds` each: Lambda, API Gateway, WAF. */
  readonly usdPerHour: (seconds: number) => number;
}

export function floodRows(): FloodRow[] {
  return STREAMING_FUNCTIONS.map(({ id, memoryGb, timeoutSeconds }) => ({
    id,
    cap: STREAMING_CONCURRENCY_CAP,
    timeoutSeconds,
    callsPerSecondAtAverage: STREAMING_CONCURRENCY_CAP / STREAM_AVERAGE_SECONDS,
    usdPerHour: (seconds: number) => {
      const calls = (STREAMING_CONCURRENCY_CAP * 3600) / seconds;
      return (
        STREAMING_CONCURRENCY_CAP * 3600 * memoryGb * PRICES.lambdaGbSecondArm.usd +
        (calls / MILLION) *
          (PRICES.lambdaMillionRequests.usd +
            PRICES.apiGatewayRestMillionRequests.usd +
            PRICES.wafMillionRequests.usd)
      );
    },
  }));
}

/** The section as Markdown, part of the cost model's output (docs/OPERATIONS.md). */
export function renderConcurrency(): string {
  const reserved = totalReservedConcurrency();
  const guaranteed = Object.values(GUARANTEED_CONCURRENCY).reduce((sum, value) => sum + value, 0);
  const rows = floodRows();
  const lines: string[] = [];
  lines.push(
    `Lambda concurrency at the default quota (${round(DEFAULT_ACCOUNT_CONCURRENCY)}): ${reserved} reserved, ${guaranteed} of them guaranteed to auth, the Stripe webhook and the event consumers (${Object.keys(GUARANTEED_CONCURRENCY).length} functions), ${rows.length} x ${STREAMING_CONCURRENCY_CAP} the cap of the streaming functions; ${round(DEFAULT_ACCOUNT_CONCURRENCY - reserved)} unreserved for every other function (Lambda keeps at least ${LAMBDA_MIN_UNRESERVED}).`,
  );
  lines.push('');
  lines.push(
    `| streaming function | concurrent streams (cap) | calls/s the cap admits at ${STREAM_AVERAGE_SECONDS} s a stream | flood of streams held to the timeout at the cap: AWS USD/hour | flood of ${STREAM_AVERAGE_SECONDS} s streams at the cap: AWS USD/hour |`,
  );
  lines.push('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    lines.push(
      `| ${row.id} | ${row.cap} | ${round(row.callsPerSecondAtAverage)} | ${usd(row.usdPerHour(row.timeoutSeconds))} (${row.timeoutSeconds} s each) | ${usd(row.usdPerHour(STREAM_AVERAGE_SECONDS))} |`,
    );
  }
  lines.push('');
  lines.push(
    "AWS USD/hour: Lambda GB-seconds and requests, API Gateway and WAF requests. The providers bill the calls too; what one caller can make them cost is the per-caller limits' (docs/DESIGN.md §9), not the cap's.",
  );
  return lines.join('\n');
}
