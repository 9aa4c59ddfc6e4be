import { describe, expect, it } from 'vitest';
import {
  CLIENT_DEADLINES,
  RETRY_BACKOFF_ALLOWANCE_MS,
} from '@wayfarer/lambdas/adapters/cloud/client-deadlines';
import { EVENT_BUS_CLIENT_SETTINGS } from '@wayfarer/lambdas/adapters/aws/event-publisher';
import { TABLE_CLIENT_SETTINGS } from '@wayfarer/lambdas/adapters/aws/table';
import { accessForArea, HANDLER_AREAS } from './area-access';

describe('provider client deadlines', () => {
  it('every provider client gives up, its retries and its requests one after another included, before its function times out', () => {
    for (const [area, deadline] of Object.entries(CLIENT_DEADLINES)) {
      const worst =
        deadline.sequentialRequests *
        ((deadline.maxRetries + 1) * deadline.timeoutMs + RETRY_BACKOFF_ALLOWANCE_MS);
      expect(worst, area).toBeLessThan(
        accessForArea(area as keyof typeof CLIENT_DEADLINES).timeoutSeconds * 1000,
      );
    }
  });

  it('the table client gives up, its retries included, before the shortest function times out', () => {
    const { maxAttempts, requestHandler } = TABLE_CLIENT_SETTINGS;
    const worst =
      maxAttempts * (requestHandler.connectionTimeout + requestHandler.requestTimeout) +
      RETRY_BACKOFF_ALLOWANCE_MS;
    expect(worst).toBeLessThan(accessForArea('health').timeoutSeconds * 1000);
  });

  it('the event bus client gives up, its retries included, before any function that publishes times out', () => {
    const { maxAttempts, requestHandler } = EVENT_BUS_CLIENT_SETTINGS;
    const worst =
      maxAttempts * (requestHandler.connectionTimeout + requestHandler.requestTimeout) +
      RETRY_BACKOFF_ALLOWANCE_MS;
    const publishers = HANDLER_AREAS.filter((area) => accessForArea(area).publishesEvents);
    expect(publishers.length).toBeGreaterThan(0);
    for (const area of publishers) {
      expect(worst, area).toBeLessThan(accessForArea(area).timeoutSeconds * 1000);
    }
  });
});
