/**
 * The local stand-in for the EventBridge bus: an HTTP endpoint speaking PutEvents (AWS JSON 1.1), so the
 * unmodified EventBridgeClient reaches it through AWS_ENDPOINT_URL_EVENTBRIDGE. Each accepted entry becomes a
 * real EventBridge event, is matched against the shared rule patterns (the same ones the CDK stack deploys),
 * and is delivered asynchronously to each matching rule's consumer handler, with retries and a dead-letter log.
 */
import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventBridgeEvent } from 'aws-lambda';
import { EVENT_BUS_NAME, eventRules, type EventRule } from '@wayfarer/shared/events';
import { assertSupportedPattern, matchesPattern } from './event-pattern';
import { HandlerNotFoundError, lambdaContext, loadHandler, type HandlerFunction, type HandlerRef } from './lambda-runtime';
import type { Logger } from './log';

const AMZ_JSON = 'application/x-amz-json-1.1';
const PUT_EVENTS_TARGET = 'AWSEvents.PutEvents';
/** PutEvents limits: 10 entries a call, 256 KB a call. */
const MAX_ENTRIES = 10;
const MAX_REQUEST_BYTES = 256 * 1024;
/** Waits before the second and third attempts; then the event goes to the dead-letter log. */
export const RETRY_DELAYS_MS = [250, 1_000] as const;
const CONSUMER_TIMEOUT_MS = 60_000;

interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

export type BusEvent = EventBridgeEvent<string, unknown>;

export interface EventBusOptions {
  readonly port: number;
  readonly region: string;
  readonly accountId: string;
  /** Where failed deliveries are appended, one JSON object per line. */
  readonly deadLetterFile: string;
  readonly log: Logger;
  readonly rules?: readonly EventRule[];
  /** How consumer modules are found; tests substitute their own. */
  readonly loadHandler?: (ref: HandlerRef) => Promise<HandlerFunction>;
}

/** One line of the dead-letter log. */
export interface DeadLetter {
  readonly failedAt: string;
  /** The consumer's id (shared/events.ts), e.g. consumers.usageRecorded. */
  readonly consumer: string;
  readonly attempts: number;
  readonly error: string;
  readonly event: BusEvent;
}

export interface EventBus {
  readonly endpoint: string;
  readonly port: number;
  /** Where failed deliveries are parked, one JSON line each. */
  readonly deadLetterFile: string;
  /**
   * Delivers a parked event again to its one consumer, with the usual retries; true when it went through,
   * false when it was parked again (a new line in the dead-letter log).
   */
  redeliver(deadLetter: DeadLetter): Promise<boolean>;
  /** Resolves when no delivery is in flight or waiting to retry. */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

class AwsJsonError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function sendAwsJson(response: ServerResponse, statusCode: number, value: unknown, errorType?: string): void {
  const body = Buffer.from(JSON.stringify(value));
  response.writeHead(statusCode, {
    'content-type': AMZ_JSON,
    'content-length': body.length,
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  response.end(body);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        request.pause();
        reject(new AwsJsonError(413, 'ValidationException', 'Total size of the entries in the request is over the limit.'));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** `wayfarer` or `arn:aws:events:<region>:<account>:event-bus/wayfarer`. */
function isOurBus(name: unknown): boolean {
  if (name === undefined || name === null || name === '') return false;
  if (typeof name !== 'string') return false;
  return name === EVENT_BUS_NAME || name.endsWith(`:event-bus/${EVENT_BUS_NAME}`);
}

/** EventBridge writes times to the second: `2026-01-01T12:00:00Z`. */
function eventTime(time: unknown): string {
  const date =
    typeof time === 'number' ? new Date(time * 1000) : typeof time === 'string' ? new Date(time) : new Date();
  const valid = Number.isNaN(date.getTime()) ? new Date() : date;
  return `${valid.toISOString().slice(0, 19)}Z`;
}

/** Validates one entry as PutEvents does and turns it into the event consumers receive. */
export function toBusEvent(
  entry: PutEventsEntry,
  context: { region: string; accountId: string; id?: string },
): { event: BusEvent } | { ErrorCode: string; ErrorMessage: string } {
  if (!isOurBus(entry.EventBusName ?? EVENT_BUS_NAME)) {
    return { ErrorCode: 'InvalidArgument', ErrorMessage: `Event bus ${String(entry.EventBusName)} does not exist.` };
  }
  if (typeof entry.Source !== 'string' || entry.Source === '') {
    return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter Source is not valid. Reason: Source is a required argument.' };
  }
  if (typeof entry.DetailType !== 'string' || entry.DetailType === '') {
    return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter DetailType is not valid. Reason: DetailType is a required argument.' };
  }
  let detail: unknown;
  try {
    detail = JSON.parse(typeof entry.Detail === 'string' ? entry.Detail : '');
  } catch {
    return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
  }
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
    return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
  }
  const resources = Array.isArray(entry.Resources) ? entry.Resources.map(String) : [];
  return {
    event: {
      version: '0',
      id: context.id ?? randomUUID(),
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: context.accountId,
      time: eventTime(entry.Time),
      region: context.region,
      resources,
      detail,
    },
  };
}

export async function startEventBus(options: EventBusOptions): Promise<EventBus> {
  const { log } = options;
  const rules = options.rules ?? eventRules;
  const load = options.loadHandler ?? loadHandler;
  for (const rule of rules) assertSupportedPattern(rule.pattern);
  const inFlight = new Set<Promise<void>>();

  async function deadLetter(consumer: HandlerRef & { id: string }, event: BusEvent, attempts: number, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    // An unknown target needs its name, not a stack trace.
    const shown = error instanceof HandlerNotFoundError ? undefined : error;
    log.error(`${event['detail-type']} ${event.id} -> ${consumer.id} failed after ${attempts} attempt(s): ${reason}; dead-lettered`, shown);
    const record: DeadLetter = { failedAt: new Date().toISOString(), consumer: consumer.id, attempts, error: reason, event };
    await appendFile(options.deadLetterFile, `${JSON.stringify(record)}\n`).catch((writeError: unknown) =>
      log.error(`Could not write the dead-letter log ${options.deadLetterFile}`, writeError),
    );
  }

  async function deliver(consumer: HandlerRef & { id: string }, event: BusEvent): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      const started = Date.now();
      try {
        const handler = await load(consumer);
        const context = lambdaContext(consumer.id, CONSUMER_TIMEOUT_MS);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.resolve(handler(event, context)),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`Timed out after ${CONSUMER_TIMEOUT_MS} ms`)), CONSUMER_TIMEOUT_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        log.info(`${event['detail-type']} ${event.id} -> ${consumer.id} ok (${Date.now() - started} ms)`);
        return true;
      } catch (error) {
        // An unknown target will not appear by waiting: no retries.
        const delay = error instanceof HandlerNotFoundError ? undefined : RETRY_DELAYS_MS[attempt - 1];
        if (delay === undefined) {
          await deadLetter(consumer, event, attempt, error);
          return false;
        }
        log.warn(`${event['detail-type']} ${event.id} -> ${consumer.id} attempt ${attempt} failed; retrying in ${delay} ms`);
        await sleep(delay);
      }
    }
  }

  function dispatch(event: BusEvent): void {
    for (const rule of rules) {
      if (!matchesPattern(rule.pattern, event)) continue;
      const delivery: Promise<void> = deliver(rule.consumer, event)
        .then(() => undefined)
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
  }

  async function putEvents(request: IncomingMessage): Promise<{ FailedEntryCount: number; Entries: EntryResult[] }> {
    if (request.method !== 'POST') throw new AwsJsonError(405, 'UnknownOperationException', 'Only POST is supported');
    const target = request.headers['x-amz-target'];
    if (target !== PUT_EVENTS_TARGET) {
      throw new AwsJsonError(400, 'UnknownOperationException', `The local event bus supports only ${PUT_EVENTS_TARGET}`);
    }
    let input: { Entries?: unknown };
    try {
      input = JSON.parse((await readBody(request)).toString('utf8')) as { Entries?: unknown };
    } catch (error) {
      if (error instanceof AwsJsonError) throw error;
      throw new AwsJsonError(400, 'SerializationException', 'Request body is not valid JSON');
    }
    const entries = input.Entries;
    if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_ENTRIES) {
      throw new AwsJsonError(400, 'ValidationException', `Entries must hold between 1 and ${MAX_ENTRIES} entries.`);
    }
    const accepted: BusEvent[] = [];
    const results: EntryResult[] = entries.map((entry: PutEventsEntry) => {
      const outcome = toBusEvent(entry ?? {}, options);
      if (!('event' in outcome)) return outcome;
      accepted.push(outcome.event);
      return { EventId: outcome.event.id };
    });
    // Delivery happens after the caller has its answer, as with EventBridge.
    setImmediate(() => accepted.forEach(dispatch));
    return { FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length, Entries: results };
  }

  const server = createServer((request, response) => {
    putEvents(request).then(
      (output) => sendAwsJson(response, 200, output),
      (error: unknown) => {
        if (error instanceof AwsJsonError) {
          sendAwsJson(response, error.statusCode, { __type: error.type, message: error.message }, error.type);
          return;
        }
        log.error('PutEvents failed', error);
        sendAwsJson(response, 500, { __type: 'InternalException', message: 'Internal error' }, 'InternalException');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  async function whenIdle(): Promise<void> {
    // A delivery's retries keep it in the set; events accepted a moment ago are dispatched on setImmediate.
    await new Promise((resolve) => setImmediate(resolve));
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  async function redeliver(parked: DeadLetter): Promise<boolean> {
    const rule = rules.find((candidate) => candidate.consumer.id === parked.consumer);
    if (!rule) {
      // No rule delivers to it any more: it stays parked, as it was.
      log.error(`${parked.event.id}: no rule has the consumer ${parked.consumer}; left in the dead-letter log`);
      await appendFile(options.deadLetterFile, `${JSON.stringify(parked)}\n`);
      return false;
    }
    const delivery = deliver(rule.consumer, parked.event);
    const tracked: Promise<void> = delivery.then(() => undefined).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return delivery;
  }

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    deadLetterFile: options.deadLetterFile,
    redeliver,
    whenIdle,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await whenIdle();
    },
  };
}
