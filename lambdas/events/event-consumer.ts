import type { EventBridgeEvent } from 'aws-lambda';
import {
  EVENT_SOURCE,
  eventRequestIdOf,
  events,
  type EventDetail,
  type EventName,
} from '@wayfarer/shared/events';
import { errorFields, logger as defaultLogger, type Logger } from '../logger';
import { withRequestScope } from '../request-scope';

/** An event that does not match the catalogue: thrown so the delivery ends in the dead-letter queue. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

export interface ConsumedEvent<Name extends EventName> {
  readonly eventId: string;
  readonly detail: EventDetail<Name>;
  /** When the event was put on the bus (ISO timestamp). */
  readonly time: string;
  /** The API request the event was published for, when it carries one. */
  readonly requestId?: string;
}

export type ConsumerLambdaHandler = (event: EventBridgeEvent<string, unknown>) => Promise<void>;

/**
 * Wraps a bus consumer: checks source, detail-type and detail against shared/events.ts, then runs `handle`
 * and writes one log line per delivery with the event id, the request id it carries and the outcome (never the
 * detail: it may hold subjects and pages we do not want in logs). `handle` runs in that request's scope, so
 * its own log lines carry the id too. Failures are rethrown so the bus retries, then dead-letters.
 */
export function eventConsumer<Name extends EventName>(
  name: Name,
  handle: (event: ConsumedEvent<Name>) => Promise<string>,
  logger: Logger = defaultLogger,
): ConsumerLambdaHandler {
  const definition = events[name];
  return async (event) => {
    const startedAt = Date.now();
    const requestId = eventRequestIdOf(event.detail);
    const fields = {
      consumerId: definition.consumer.id,
      eventName: definition.detailType,
      eventId: event.id,
      ...(requestId === undefined ? {} : { requestId }),
    };
    try {
      if (event.source !== EVENT_SOURCE || event['detail-type'] !== definition.detailType) {
        throw new InvalidEventError(`Expected ${EVENT_SOURCE}/${definition.detailType}`);
      }
      const parsed = definition.detail.safeParse(event.detail);
      if (!parsed.success)
        throw new InvalidEventError(`Detail does not match the ${definition.detailType} schema`);
      const outcome = await withRequestScope(requestId, () =>
        handle({
          eventId: event.id,
          detail: parsed.data as EventDetail<Name>,
          time: event.time,
          ...(requestId === undefined ? {} : { requestId }),
        }),
      );
      logger.info('event', { ...fields, outcome, durationMs: Date.now() - startedAt });
    } catch (error) {
      logger.error('event failed', { ...fields, durationMs: Date.now() - startedAt, ...errorFields(error) });
      throw error;
    }
  };
}
