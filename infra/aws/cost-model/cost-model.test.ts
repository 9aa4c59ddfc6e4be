import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../lambda-bundling';
import { routes } from '@wayfarer/shared/api/routes';
import { CEILING_HEADROOM, PEAK_REQUESTS_PER_SECOND } from '@wayfarer/shared/api/rate-limits';
import { costRows, limitRows, LIMITS, renderCostModel, SCALES, WEB_ACL } from './cost-model';
import { PRICES } from './prices';
import { statementCapacity } from './waf-capacity';
import { floodRows } from './concurrency';
import { accessForArea } from '../area-access';
import {
  DEFAULT_ACCOUNT_CONCURRENCY,
  DEFAULT_THROTTLE_RATE_LIMIT,
  STREAMING_CONCURRENCY_CAP,
  totalReservedConcurrency,
} from '../stage-config';

const script = fileURLToPath(new URL('./cost-model.ts', import.meta.url));

/** Markdown without the padding Prettier adds: cells trimmed, separator dashes collapsed, blank lines dropped. */
function normalized(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/\s*\|\s*/g, '|')
        .replace(/(:?)-{3,}(:?)/g, '$1---$2')
        .replace(/\s+/g, ' '),
    )
    .filter((line) => line !== '')
    .join('\n');
}

describe('the cost model (docs/OPERATIONS.md)', () => {
  // It starts a Node process with tsx: seconds on a loaded machine.
  it(
    'runs as a script and prints the tables docs/OPERATIONS.md carries, word for word',
    { timeout: 60_000 },
    () => {
      const printed = execFileSync(process.execPath, ['--import', 'tsx', script], {
        cwd: repositoryRoot,
        encoding: 'utf8',
      }).trimEnd();
      expect(printed).toBe(renderCostModel());
      expect(printed).toContain('| **total** |');
      const operations = readFileSync(join(repositoryRoot, 'docs', 'OPERATIONS.md'), 'utf8');
      const section = /<!-- cost-model:begin -->([\s\S]*)<!-- cost-model:end -->/.exec(operations)?.[1] ?? '';
      // Change an assumption or a price: run `npm run cost-model` and paste its output into the document
      // (Prettier may pad the table's columns: compared cell by cell).
      expect(normalized(section)).toBe(normalized(printed));
    },
  );

  it('has every service the issue names, each with a cost, and a total that is their sum', () => {
    const rows = costRows(1_000);
    expect(rows.map((row) => row.service)).toEqual([
      'Lambda',
      'API Gateway (REST)',
      'DynamoDB on demand',
      'CloudFront',
      'WAF',
      'Deepgram speech-to-text',
      'OpenAI tokens',
      'Text-to-speech characters',
      'Stripe fees',
    ]);
    for (const row of rows) expect(row.usdPerDay, row.service).toBeGreaterThan(0);
    const printedTotal = /\| \*\*total\*\* \| \*\*([\d,.]+)\*\*/.exec(renderCostModel())?.[1];
    const sum = rows.reduce((total, row) => total + row.usdPerDay, 0);
    expect(Number(printedTotal?.replaceAll(',', ''))).toBeCloseTo(sum, sum < 10 ? 2 : 0);
  });

  it('scales every cost with the travellers, except the web ACL’s fixed fee', () => {
    const [one, ten] = [costRows(SCALES[0]), costRows(SCALES[1])];
    one.forEach((row, index) => {
      const tenfold = ten[index]?.usdPerDay ?? 0;
      if (row.service === 'WAF') expect(tenfold).toBeLessThan(row.usdPerDay * 10);
      else expect(tenfold).toBeCloseTo(row.usdPerDay * 10, 6);
    });
  });

  it('orders the limits by the travellers that trip them, each reaching its quota exactly there', () => {
    const rows = limitRows(1_000);
    expect(rows).toHaveLength(Object.keys(LIMITS).length);
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index]?.tripsAt).toBeGreaterThanOrEqual(rows[index - 1]?.tripsAt ?? 0);
    }
    for (const row of rows) {
      expect(row.change.length).toBeGreaterThan(10);
      // The web ACL's rules and capacity do not grow with travellers: the same figure at every scale.
      if (!Number.isFinite(row.tripsAt)) {
        const later = limitRows(100_000).find((candidate) => candidate.limit === row.limit);
        expect(later?.atDau).toBe(row.atDau);
        expect(row.atDau).toBeLessThanOrEqual(row.quota);
        continue;
      }
      const atTrip = limitRows(row.tripsAt).find((candidate) => candidate.limit === row.limit);
      expect(atTrip?.atDau).toBeCloseTo(row.quota, 6);
    }
  });

  it('reads our own ceilings from the code that sets them, not from figures of its own', () => {
    expect(LIMITS.stageRate.value).toBe(DEFAULT_THROTTLE_RATE_LIMIT);
    expect(LIMITS.expensiveRate.value).toBe(
      Math.min(CEILING_HEADROOM * PEAK_REQUESTS_PER_SECOND.expensive, DEFAULT_THROTTLE_RATE_LIMIT),
    );
    // stacks/api-stack.test.ts checks the same figures against the synthesized template.
    expect(WEB_ACL.rateBasedRules).toBe(new Set(routes.map((route) => route.rateLimitClass)).size);
    expect(renderCostModel()).toContain(`1 web ACL, ${WEB_ACL.rules} rules`);
  });

  it('weighs web ACL statements by the WCUs AWS documents for each type', () => {
    const none = [{ priority: 0, type: 'NONE' }];
    const exact = {
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x' } },
        positionalConstraint: 'EXACTLY',
        searchString: 'v',
        textTransformations: none,
      },
    };
    const regex = {
      regexMatchStatement: { fieldToMatch: { uriPath: {} }, regexString: '^/a$', textTransformations: none },
    };
    const size = {
      sizeConstraintStatement: {
        fieldToMatch: { body: {} },
        comparisonOperator: 'GT',
        size: 10,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    };
    expect(statementCapacity(exact)).toBe(2);
    expect(statementCapacity({ ...exact, byteMatchStatement: { ...exact.byteMatchStatement, positionalConstraint: 'CONTAINS' } })).toBe(10);
    expect(statementCapacity(regex)).toBe(3);
    expect(statementCapacity(size)).toBe(11);
    expect(statementCapacity({ notStatement: { statement: exact } })).toBe(2);
    expect(statementCapacity({ andStatement: { statements: [exact, regex] } })).toBe(5);
    expect(
      statementCapacity({
        rateBasedStatement: {
          limit: 10,
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ header: { name: 'x', textTransformations: none } }],
          scopeDownStatement: { orStatement: { statements: [regex, regex] } },
        },
      }),
    ).toBe(2 + 30 + 6);
    expect(() => statementCapacity({ geoMatchStatement: { countryCodes: ['FR'] } })).toThrow(/No documented WCU/);
    expect(WEB_ACL.capacity).toBeGreaterThan(0);
  });

  it('shows the streaming functions’ concurrency cap and what a flood at it costs an hour, from the stacks’ own figures', () => {
    const rows = floodRows();
    expect(rows.map((row) => row.id).sort()).toEqual(['translate.stream', 'tts.speak']);
    const tts = accessForArea('tts');
    for (const row of rows) {
      expect(row.cap).toBe(STREAMING_CONCURRENCY_CAP);
      expect(row.timeoutSeconds).toBe(tts.timeoutSeconds);
      // An hour of the cap held: GB-seconds, plus one Lambda, API Gateway and WAF request per stream.
      const streams = (STREAMING_CONCURRENCY_CAP * 3600) / row.timeoutSeconds;
      const expected =
        STREAMING_CONCURRENCY_CAP * 3600 * (tts.memorySize / 1024) * PRICES.lambdaGbSecondArm.usd +
        (streams / 1e6) *
          (PRICES.lambdaMillionRequests.usd + PRICES.apiGatewayRestMillionRequests.usd + PRICES.wafMillionRequests.usd);
      expect(row.usdPerHour(row.timeoutSeconds)).toBeCloseTo(expected, 6);
    }
    expect(renderCostModel()).toContain(
      `${totalReservedConcurrency()} reserved`,
    );
    expect(LIMITS.streamingConcurrency.value).toBe(STREAMING_CONCURRENCY_CAP);
    expect(LIMITS.lambdaConcurrency.value).toBe(DEFAULT_ACCOUNT_CONCURRENCY - totalReservedConcurrency());
  });

  it('names a public source for every price', () => {
    for (const [name, price] of Object.entries(PRICES)) {
      expect(price.source, name).toMatch(/^https:\/\//);
      expect(price.usd, name).toBeGreaterThan(0);
    }
  });
});
