import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../lambda-bundling';
import { costRows, limitRows, LIMITS, renderCostModel, SCALES } from './cost-model';
import { PRICES } from './prices';

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
      const atTrip = limitRows(row.tripsAt).find((candidate) => candidate.limit === row.limit);
      expect(atTrip?.atDau).toBeCloseTo(row.quota, 6);
      expect(row.change.length).toBeGreaterThan(10);
    }
  });

  it('names a public source for every price', () => {
    for (const [name, price] of Object.entries(PRICES)) {
      expect(price.source, name).toMatch(/^https:\/\//);
      expect(price.usd, name).toBeGreaterThan(0);
    }
  });
});
