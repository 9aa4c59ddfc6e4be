/**
 * Translate overhead: how long after the provider writes its first token the client reads the first `0:` line
 * of POST /api/translate, through the local gateway, its streaming shim, middy and the real openai SDK. The
 * provider is the protocol-faithful fake (lambdas/testing/openai-compatible-server.ts) in this process, so
 * both instants are on one clock. Goal: <= 10 ms p50. The same figure straight from the SDK (no gateway,
 * no handler) shows what the SDK and the socket alone cost.
 *
 *   npx tsx bench/translate-overhead.ts [--runs 40]
 */

import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import OpenAI from 'openai';
import { listenApiGateway } from '@wayfarer/infra/local/testing/api-gateway';
import { resetProviders } from '@wayfarer/lambdas/providers';
import { startOpenAiCompatibleServer } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { loadAverages, percentile } from './lib/stats';

const GOAL_MS = 10;
const FIRST_TOKEN_MS = 50;
const PHRASE = { messages: [{ role: 'user', content: 'Where is the train station?' }], outputLanguage: 'es' };

async function firstLineAt(url: string): Promise<number> {
  const response = await fetch(`${url}/api/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PHRASE),
  });
  if (!response.ok) throw new Error(`translate answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let at = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(at) && text.includes('\n')) at = performance.now();
  }
  return at;
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: [...argv], options: { runs: { type: 'string', default: '40' } } });
  const runs = Number(values.runs);
  const fake = await startOpenAiCompatibleServer({ firstTokenMs: FIRST_TOKEN_MS, interTokenMs: 5 });
  const saved = { ...process.env };
  Object.assign(process.env, {
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_MODEL_TRANSLATE: 'bench-model',
    LOG_LEVEL: 'error',
  });
  resetProviders();
  const gateway = await listenApiGateway();
  const sdk = new OpenAI({ apiKey: 'bench', baseURL: `${fake.url}/v1`, maxRetries: 0 });
  try {
    await firstLineAt(gateway.url); // warm: handler import, SDK client, keep-alive sockets
    const throughGateway: number[] = [];
    for (let run = 0; run < runs; run++) {
      const at = await firstLineAt(gateway.url);
      throughGateway.push(at - fake.firstTokenTimes.at(-1)!);
    }
    const direct: number[] = [];
    for (let run = 0; run < runs; run++) {
      const stream = await sdk.chat.completions.create({
        model: 'bench-model',
        stream: true,
        messages: [{ role: 'user', content: PHRASE.messages[0]!.content }],
      });
      let at = Number.NaN;
      for await (const chunk of stream) {
        if (Number.isNaN(at) && chunk.choices[0]?.delta.content) at = performance.now();
      }
      direct.push(at - fake.firstTokenTimes.at(-1)!);
    }
    const row = (label: string, figures: number[]) =>
      `${label.padEnd(44)} p50 ${percentile(figures, 0.5, 'floor-index').toFixed(2).padStart(6)} ms   p90 ${percentile(
        figures,
        0.9,
        'floor-index',
      )
        .toFixed(2)
        .padStart(6)} ms`;
    console.log(
      [
        `Translate overhead: client's first chunk minus the provider's first token (${runs} runs, provider first token after ${FIRST_TOKEN_MS} ms; load average ${loadAverages()})`,
        row('through the local gateway (POST /api/translate)', throughGateway),
        row('openai SDK straight to the provider', direct),
        `goal: <= ${GOAL_MS} ms p50 through the gateway: ${percentile(throughGateway, 0.5, 'floor-index') <= GOAL_MS ? 'ok' : 'OVER'}`,
      ].join('\n'),
    );
  } finally {
    await gateway.close();
    await fake.close();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    resetProviders();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
