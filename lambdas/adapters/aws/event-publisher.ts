import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, events } from '@wayfarer/shared/events';
import type { Events } from '../../ports/platform';

export class EventPublishError extends Error {
  override readonly name = 'EventPublishError';
}

/**
 * Publishes catalogue events to the bus. The detail is checked against its schema first, so a malformed
 * event fails where it is made, not in a consumer an hour later.
 */
export function createEventPublisher(client: EventBridgeClient, busName: string): Events {
  return {
    async publish(name, detail) {
      const definition = events[name];
      const checked = definition.detail.parse(detail);
      const { FailedEntryCount = 0, Entries = [] } = await client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: busName,
              Source: EVENT_SOURCE,
              DetailType: definition.detailType,
              Detail: JSON.stringify(checked),
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
