import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_REQUEST_ID_FIELD, EVENT_SOURCE, events } from '@wayfarer/shared/events';
import type { Events } from '../../ports/platform';
import { currentRequestId } from '../../request-scope';

/**
 * The bus client's own retries and deadlines: a bus out of reach fails the call in seconds, as a 503,
 * before the function that publishes times out (infra/aws/provider-deadlines.test.ts).
 */
export const EVENT_BUS_CLIENT_SETTINGS = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000, throwOnRequestTimeout: true },
} as const;

export class EventPublishError extends Error {
  override readonly name = 'EventPublishError';
}

/**
 * Publishes catalogue events to the bus. The detail is checked against its schema first, so a malformed
 * event fails where it is made, not in a consumer an hour later. The request being served (request-scope.ts)
 * travels in the detail's `requestId`, beside the catalogue's fields, so the consumer logs the same id.
 */
export function createEventPublisher(client: EventBridgeClient, busName: string): Events {
  return {
    async publish(name, detail) {
      const definition = events[name];
      const checked = definition.detail.parse(detail);
      const requestId = currentRequestId();
      const { FailedEntryCount = 0, Entries = [] } = await client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: busName,
              Source: EVENT_SOURCE,
              DetailType: definition.detailType,
              Detail: JSON.stringify(
                requestId === undefined ? checked : { ...checked, [EVENT_REQUEST_ID_FIELD]: requestId },
              ),
            },
          ],
        }),
      );
      if (FailedEntryCount > 0) {
        const failure = Entries.find((entry) => entry.ErrorCode);
        throw new EventPublishError(
          `PutEvents rejected ${definition.detailType}: ${failure?.ErrorCode ?? 'unknown'} ${failure?.ErrorMessage ?? ''}`.trim(),
        );
      }
    },
  };
}
