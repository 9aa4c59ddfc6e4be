/**
 * The local dead-letter queue: an event whose consumer failed every attempt is parked as one JSON line
 * in DATA_DIR/dead-letters.jsonl (event-bus.ts writes it), listed at GET /__local/dead-letters and delivered
 * again, each to its own consumer, by POST /__local/dead-letters/replay. Consumers are idempotent by event id
 * (lambdas/events), so a replay applies each event once however often it is run. In production the same role is
 * played by each rule's SQS dead-letter queue (infra/aws events stack).
 */
import { readFile, rename, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { DeadLetter, EventBus } from './event-bus';
import { LOCAL_ROUTE_PREFIX, type LocalRoute } from './local-routes';

export const DEAD_LETTER_FILE = 'dead-letters.jsonl';
export const DEAD_LETTERS_PATH = `${LOCAL_ROUTE_PREFIX}dead-letters`;
export const DEAD_LETTERS_REPLAY_PATH = `${DEAD_LETTERS_PATH}/replay`;

function answer(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
}

function parseLines(text: string): DeadLetter[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as DeadLetter];
      } catch {
        return [];
      }
    });
}

export async function readDeadLetters(file: string): Promise<DeadLetter[]> {
  try {
    return parseLines(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface ReplayOutcome {
  readonly replayed: number;
  /** Failed again: back in the dead-letter log with a new line each. */
  readonly parkedAgain: number;
}

/**
 * Takes the log aside (a rename, so deliveries failing meanwhile start a new one), then delivers each parked event
 * again in order; those that fail again are appended to the new log by the bus.
 */
export async function replayDeadLetters(bus: EventBus): Promise<ReplayOutcome> {
  const taken = `${bus.deadLetterFile}.replaying-${process.pid}-${Date.now()}`;
  try {
    await rename(bus.deadLetterFile, taken);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { replayed: 0, parkedAgain: 0 };
    throw error;
  }
  const parked = parseLines(await readFile(taken, 'utf8'));
  let replayed = 0;
  let parkedAgain = 0;
  for (const deadLetter of parked) {
    if (await bus.redeliver(deadLetter)) replayed += 1;
    else parkedAgain += 1;
  }
  await rm(taken, { force: true });
  return { replayed, parkedAgain };
}

export function createDeadLetterRoutes(bus: EventBus): LocalRoute[] {
  let replaying: Promise<ReplayOutcome> | undefined;
  return [
    {
      method: 'GET',
      path: DEAD_LETTERS_PATH,
      async handle(_request, response) {
        const deadLetters = await readDeadLetters(bus.deadLetterFile);
        answer(response, 200, { count: deadLetters.length, deadLetters });
      },
    },
    {
      method: 'POST',
      path: DEAD_LETTERS_REPLAY_PATH,
      async handle(_request, response) {
        // One replay at a time: a second call waits for the first and reports its outcome.
        replaying ??= replayDeadLetters(bus).finally(() => {
          replaying = undefined;
        });
        answer(response, 200, await replaying);
      },
    },
  ];
}
